// Author text in a skill and the --llms index stays text on its own line (L1, L5): Markdown, HTML
// and YAML written to break the page are shown as written.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { manifestOf } from '../src/declaration/to-manifest.js';
import type { Program } from '../src/declaration/types.js';
import { defineCommand, defineProgram } from '../src/index.js';
import { toSkillPages } from '../src/projections/skills/index.js';
import { runProgram } from '../src/testing/index.js';
import { scaleProgram } from './fixtures/scale.js';
import { problems } from './support/skill-rules.js';

// Author text written to break the Markdown it lands in. No CommonMark parser is a dependency, so the
// lines are checked as written: each escape below is CommonMark's own, and renders as the author's text.
const hostileCommands = [
  defineCommand({
    name: 'run',
    description:
      '- not a list item: ![a pixel](https://example.com/p.png), [a link](https://example.com), *not emphasis*, _nor this_, ~~nor this~~, C:\\dir\\* and 1 <2',
    deprecated: 'use <b>go</b> &amp; more',
    effects: 'read_only',
    options: {
      mode: {
        type: 'string',
        choices: ['fast', 'slow\n## injected heading', '1. first\r\n- second'],
        default: 'fast',
        description: 'how\n\n---\nit runs',
      },
    },
    examples: [
      { command: 'run --cmd "echo `date`"', description: 'with\n- a list item' },
      { command: 'run --cmd ``x`` `y`', description: 'ends with a backtick' },
    ],
    run: () => null,
  }),
  defineCommand({ name: 'go', description: '1. step one\n2. step two', effects: 'read_only', run: () => null }),
];
const hostile = defineProgram({
  name: 'tool',
  description: '# Not a heading\n> nor a quote <!-- hidden --> <script>alert(1)</script>',
  commands: hostileCommands,
});

/**
 * The Markdown `skills print` or `--llms` prints for `argv`, run as a person would: a skill without
 * its front matter, which is YAML and holds the text as written (checked on its own below).
 */
async function printed(program: Program, argv: string[]): Promise<string> {
  const result = await runProgram(program, argv);
  expect([result.exitCode, result.stderr]).toEqual([0, '']);
  return result.stdout.replace(/^---\n[\s\S]*?\n---\n/, '');
}

describe('L1 · L5 · author text in a skill and the --llms index stays text, on its line', () => {
  it('L1 · L5 · a backtick in an example or a name keeps every code span whole: fenced past the longest run inside (probe: skills-backtick-example)', async () => {
    const skill = await printed(hostile, ['skills', 'print']);
    expect(skill).toContain('- Example: ``tool run --cmd "echo `date`"`` (with - a list item)\n');
    expect(skill).toContain('- Example: ``` tool run --cmd ``x`` `y` ``` (ends with a backtick)\n');
    // A program whose name holds a backtick, large enough to be split into groups and counted in --llms.
    const big = scaleProgram(1000, { name: 'my`tool' });
    const texts = [
      await printed(big, ['skills', 'print']),
      await printed(big, ['skills', 'print', 'group-000']),
      await printed(big, ['--llms']),
      await printed(big, ['group-000', '--llms']),
      // Within a smaller budget, --llms counts each group's commands on one line.
      await printed(scaleProgram(1000, { name: 'my`tool', schemaBudget: 20_000 }), ['--llms']),
    ];
    // Every span that holds the name is fenced by two backticks; none opens with one.
    for (const text of texts) expect(text.match(/(?<!`)`my`tool/g) ?? []).toEqual([]);
    const [root, group, llms, groupLlms, counted] = texts as [string, string, string, string, string];
    expect(root).toContain('## Groups (read the file, or ``my`tool skills print <group>``)\n');
    expect(root).toContain('- `references/group-000.md`: Generated group 0\n');
    expect(root).toContain('; ``my`tool <command> --schema`` gives its JSON Schema.\n');
    expect(group).toContain('# my\\`tool group-000\n');
    // A group's page and its --llms leave the name to the title.
    expect(group).toContain('## `task-000` (read_only)\n');
    expect(llms).toContain('\n- ``my`tool step-800`` (read_only)\n');
    expect(llms).toContain('\n## my\\`tool group-000\n- `task-000` (read_only)\n');
    expect(counted).toContain('- ``my`tool group-000 …``: 20 commands; ``my`tool group-000 --llms`` lists them\n');
    expect(llms).toContain(
      '``my`tool <command> --llms`` gives one command in full (`--schema` its JSON Schema); ``my`tool skills print``',
    );
    expect(groupLlms).toContain('\n- `task-000` (read_only): Run generated step 0\n');
  });

  it('L1 · L5 · a line break in a choice or a description, or text that would open a block, stays on its line and opens none (probe: skills-choice-newline)', async () => {
    const skill = await printed(hostile, ['skills', 'print']);
    const llms = await printed(hostile, ['--llms']);
    for (const text of [skill, llms]) {
      const lines = text.split('\n');
      // The only headings, quotes and rules are the ones the projection writes itself.
      expect(
        lines.filter((line) => /^ {0,3}#{1,6}(\s|$)/.test(line) && !/^(# tool|## `tool (run|go)\b.*`)/.test(line)),
      ).toEqual([]);
      expect(lines.filter((line) => /^ {0,3}([-_*] *){3,}$/.test(line))).toEqual([]);
      expect(lines.filter((line) => /^ {0,3}\d{1,9}[.)](\s|$)/.test(line))).toEqual([]);
      expect(lines.filter((line) => /^- (second|a list item|it runs)/.test(line))).toEqual([]);
    }
    expect(skill).toContain(
      '- --mode (fast | slow ## injected heading | 1. first - second; default fast): how --- it runs\n',
    );
    expect(llms.split('\n')).toContain(
      '> \\# Not a heading > nor a quote &lt;!-- hidden --> &lt;script>alert(1)&lt;/script>',
    );
    expect(skill).toContain('## `tool go` (read_only)\n1\\. step one 2. step two\n');
    expect(skill).toContain('## `tool run` (read_only)\n\\- not a list item: ');
  });

  it('L1 · L5 · HTML, entities, links, images and emphasis in author text are shown as written, never rendered (probe: skills-html)', async () => {
    const skill = await printed(hostile, ['skills', 'print']);
    const llms = await printed(hostile, ['--llms']);
    for (const text of [skill, llms]) {
      expect(text).not.toMatch(/<(script|b|!--)/);
      // A link or an image needs `](`: each one here is escaped, `\](`.
      expect(text).not.toMatch(/\[[^\]]*(?<!\\)\]\(/);
      expect(text).not.toMatch(/&amp;lt;|&amp;amp;amp;/);
    }
    expect(skill).toContain(
      '\\- not a list item: ![a pixel\\](https://example.com/p.png), [a link\\](https://example.com), \\*not emphasis\\*, \\_nor this\\_, \\~\\~nor this\\~\\~, C:\\dir\\\\\\* and 1 &lt;2 (deprecated: use &lt;b>go&lt;/b> &amp;amp; more)\n',
    );
    expect(llms).toContain(
      '- `tool run` (read_only): - not a list item: ![a pixel\\](https://example.com/p.png), [a link\\](https://example.com), \\*not emphasis\\*, \\_nor this\\_, \\~\\~nor this\\~\\~, C:\\dir\\\\\\* and 1 &lt;2 (deprecated: use &lt;b>go&lt;/b> &amp;amp; more)\n',
    );
    // A name is author text too: in a heading it is escaped the same way.
    const named = defineProgram({ name: '<b>tool</b>', commands: hostileCommands });
    expect((await printed(named, ['skills', 'print'])).split('\n')).toContain('# &lt;b>tool&lt;/b>');
    expect((await printed(named, ['--llms'])).split('\n')[0]).toBe('# &lt;b>tool&lt;/b>');
  });

  it('L1 · the front matter stays one valid YAML map for hostile descriptions: quotes, colons, line breaks, ---, only spaces', () => {
    const descriptions = [
      'Says "hi": then \'bye\' # not a comment',
      '---\nname: evil\n---',
      'line one\nline two\r\n\tline three',
      '- a list? [a, flow] {a: map} & *alias !tag |',
      'yes',
      ' \n ',
    ];
    for (const description of descriptions) {
      const program = defineProgram({
        name: 'tool',
        description,
        commands: [defineCommand({ name: 'go', description: 'Go somewhere', effects: 'read_only', run: () => null })],
      });
      for (const skill of toSkillPages(manifestOf(program))) {
        expect([description, problems(skill.text, skill.name)]).toEqual([description, []]);
        const front = parse(/^---\n([\s\S]*?)\n---\n/.exec(skill.text)![1]!) as Record<string, string>;
        expect(Object.keys(front)).toEqual(['name', 'description']);
        const folded = description.trim().replace(/\s+/g, ' ');
        expect(front.description).toBe(
          folded === ''
            ? 'The tool command-line program. Use when asked to go somewhere.'
            : `${folded}${/[.!?]$/.test(folded) ? '' : '.'} Use when asked to go somewhere.`,
        );
      }
    }
  });
});
