import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { defineCommand, defineProgram } from '../../declaration/define.js';
import { buildManifest } from '../../declaration/to-manifest.js';
import { group, leaf } from './fixtures.js';
import { renderLlms, renderRootSkill } from './index.js';

describe('L5 · the llms index', () => {
  const program = defineProgram({
    name: 'tool',
    description: 'Runs chores',
    commands: [group('db', 30), group('net', 30), leaf('status')],
  });
  const manifest = buildManifest(program);

  it('L5 · a title, the description quoted, how to call, then one line per command with its summary', () => {
    const text = renderLlms(manifest);
    expect(text.split('\n').slice(0, 3)).toEqual(['# tool', '', '> Runs chores']);
    expect(text).toContain('Call with `--json --lean`: stdout is one JSON envelope; on exit 4, follow its `next[]`.');
    // The commands outside groups first, in full; then a group's under its heading, without its words.
    expect(text).toContain('\n\n- `tool status` (read_only): Does one careful thing');
    expect(text).toContain('\n\n## tool db\n- `db-0` (read_only): Does one careful thing');
    expect(text).not.toContain('tool db db-0');
    expect(text.split('\n').filter((line) => line.startsWith('- ')).length).toBe(61);
  });

  it('L5 · S4 · within the budget by the same steps: summaries, then usage lines, then groups', () => {
    const full = renderLlms(manifest);
    const usage = renderLlms(manifest, manifest.root, full.length - 1);
    expect(usage.length).toBeLessThan(full.length);
    expect(usage).toContain('\n## tool db\n- `db-0` (read_only)\n');
    const groups = renderLlms(manifest, manifest.root, usage.length - 1);
    expect(groups).toContain('- `tool db …`: 30 commands; `tool db --llms` lists them');
    expect(groups).toContain('- `tool status` (read_only)');
    const cut = renderLlms(manifest, manifest.root, groups.length - 10);
    expect(cut.length).toBeLessThanOrEqual(groups.length - 10);
    expect(cut).toMatch(/- … and \d+ more: `tool --schema` names them all$/);
  });

  it('L5 · drilled into a group, the index lists that group', () => {
    const db = manifest.root.commands[0]!;
    const text = renderLlms(manifest, db);
    expect(text.startsWith('# tool db\n\n> Commands about db\n')).toBe(true);
    expect(text).not.toContain('tool net');
    expect(text).toContain("`tool skills print db` gives the group's commands in full");
    expect(text).toContain('\n\n- `db-0` (read_only): Does one careful thing');
  });
});

describe('L1 · author text in a skill and the --llms index stays text, on its line', () => {
  const hostile = defineProgram({
    name: 'tool',
    commands: [
      defineCommand({
        name: 'run',
        description: 'Runs <script>alert(1)</script> and <!-- hidden --> things &amp; more',
        effects: 'read_only',
        options: {
          cmd: { type: 'string', description: 'a command, e.g. `date`' },
          mode: { type: 'string', choices: ['fast', 'slow\n## injected heading', '<b>bold</b>'], description: 'how' },
        },
        examples: [{ command: 'tool run --cmd "echo `date`"', description: 'with\n- a list item' }],
        run: () => null,
      }),
    ],
  });
  const manifest = buildManifest(hostile);
  // The Markdown only: the front matter is YAML, which holds the text as written (checked below).
  const texts = [renderRootSkill(manifest).replace(/^---\n[\s\S]*?\n---\n/, ''), renderLlms(manifest)];
  const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(renderRootSkill(manifest))![1]!;

  it.each(texts.map((text, i) => [i === 0 ? 'skill' : '--llms', text] as const))(
    'L1 · %s: an example with a backtick keeps its code span whole (probe: skills-backtick-example)',
    (_, text) => {
      if (!text.includes('echo')) return;
      expect(text).toContain('- Example: ``tool run --cmd "echo `date`"`` (with - a list item)');
    },
  );

  it.each(texts.map((text, i) => [i === 0 ? 'skill' : '--llms', text] as const))(
    'L1 · %s: a choice or a note with a line break stays on its list item (probe: skills-choice-newline)',
    (_, text) => {
      expect(text).not.toMatch(/^#+ injected heading/m);
      expect(text).not.toMatch(/^- a list item/m);
      if (text.includes('--mode'))
        expect(text).toMatch(/^- --mode \(fast \| slow ## injected heading \| &lt;b>bold&lt;\/b>\)/m);
    },
  );

  it.each(texts.map((text, i) => [i === 0 ? 'skill' : '--llms', text] as const))(
    'L1 · %s: HTML in a description is shown, not passed through (probe: skills-html)',
    (_, text) => {
      expect(text).not.toContain('<script>');
      expect(text).not.toContain('<!--');
      expect(text).not.toContain('<b>');
      expect(text).toContain('&lt;script>alert(1)&lt;/script>');
      expect(text).toContain('&amp;amp; more');
    },
  );

  it('L1 · the front matter stays one valid YAML map with the same description', () => {
    const parsed = parse(frontMatter) as { name: string; description: string };
    expect(parsed.name).toBe('tool');
    expect(parsed.description).toContain('<script>alert(1)</script>');
  });
});
