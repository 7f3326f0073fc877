import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { program as deploy } from '../../../examples/deploy/cli.mjs';
import { program as ship } from '../../../examples/ship/cli.mjs';
import { Command, asProgram as commanderProgram } from '../src/adapters/commander/index.js';
import yargs, { type Argv, asProgram as yargsProgram } from '../src/adapters/yargs/index.js';
import { manifestOf } from '../src/declaration/to-manifest.js';
import type { Program } from '../src/declaration/types.js';
import { defineCommand, defineProgram } from '../src/index.js';
import type { Manifest, ManifestCommand } from '../src/manifest/types.js';
import { type SkillPage, toSkillPages } from '../src/projections/skills/index.js';
import { runProgram } from '../src/testing/index.js';
import { program as cloud } from './fixtures/cloud.mjs';
import { scaleProgram } from './fixtures/scale.js';
import { example, runCli } from './support/cli.js';

// The Agent Skills rules, restated here from the format's specification rather than read from the
// projection: the keys a front matter may hold, the name and description rules, the size of a body.
const KEYS = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'];
const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Every rule a `SKILL.md` in the folder `folder` breaks; empty when it keeps them all. */
function problems(text: string, folder: string): string[] {
  const found: string[] = [];
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (match === null) return ['no front matter between --- lines at the top'];
  const front: unknown = parse(match[1]!);
  if (typeof front !== 'object' || front === null || Array.isArray(front)) return ['front matter is not a mapping'];
  const fields = front as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (!KEYS.includes(key)) found.push(`key ${key} is not allowed`);
  const { name, description } = fields;
  if (typeof name !== 'string' || !NAME.test(name) || name.length > 64) found.push(`bad name ${String(name)}`);
  if (name !== folder) found.push(`name ${String(name)} is not its folder's, ${folder}`);
  if (typeof description !== 'string' || description.length < 1 || description.length > 1024) {
    found.push(`description of ${String(description).length} characters`);
  }
  const body = match[2]!;
  const lines = body.endsWith('\n') ? body.slice(0, -1).split('\n').length : body.split('\n').length;
  if (lines > 500) found.push(`body of ${lines} lines`);
  if (body.length > 20_000) found.push(`body of ${body.length} characters`);
  return found;
}

/** What a page of the skill breaks: `SKILL.md` the format's rules; any other page the size a body keeps to, and no front matter of its own. */
function pageProblems(page: SkillPage): string[] {
  if (page.file === 'SKILL.md') return problems(page.text, page.name);
  const found = page.text.startsWith('---') ? ['a page with front matter'] : [];
  const lines = page.text.replace(/\n$/, '').split('\n').length;
  if (lines > 500) found.push(`page of ${lines} lines`);
  if (page.text.length > 20_000) found.push(`page of ${page.text.length} characters`);
  return found;
}

/** Commands an agent must never be taught: hidden ones (and all below them) and withheld ones. */
function keptFromAgents(manifest: Manifest): string[] {
  const kept: string[] = [];
  const visit = (command: ManifestCommand, concealed: boolean): void => {
    const hidden = concealed || command.hidden;
    if (command.path.length > 0 && (hidden || command.effects === 'withheld')) {
      kept.push([manifest.name, ...command.path].join(' '));
    }
    for (const child of command.commands) visit(child, hidden);
  };
  visit(manifest.root, false);
  return kept;
}

// A program with every way a command or a value is kept from agents.
const guarded = defineProgram({
  name: 'Vault_Tool',
  description: 'Keeps secrets: "quoted", with a colon: and a # too.',
  commands: [
    defineCommand({
      name: 'open',
      description: 'Open the vault',
      effects: 'idempotent',
      options: {
        token: { type: 'string', secret: true, default: 'hunter2-default-value', description: 'the vault token' },
        key: { type: 'string', secret: true, env: 'VAULT_KEY', description: 'the key' },
        mode: { type: 'string', choices: ['ro', 'rw'], default: 'ro', description: 'how to open it' },
      },
      run: () => ({ changed: false }),
    }),
    defineCommand({ name: 'wipe', description: 'Wipe it all', effects: 'withheld', run: () => null }),
    defineCommand({ name: 'peek', description: 'Internal view', effects: 'read_only', hidden: true, run: () => null }),
    defineCommand({
      name: 'admin',
      hidden: true,
      commands: [defineCommand({ name: 'reset', effects: 'read_only', run: () => null })],
    }),
  ],
});

function commanderShip(): Command {
  const program = new Command('ship').version('1.0.0').description('Ships builds');
  program
    .command('deploy')
    .description('Deploy a build')
    .argument('<target>')
    .effects('non_idempotent')
    .action(() => {});
  program
    .command('status')
    .description('Show the status')
    .effects('read_only')
    .action(() => {});
  program
    .command('legacy')
    .description('Never classified')
    .action(() => {});
  program
    .command('purge')
    .description('Delete everything')
    .effects('withheld')
    .action(() => {});
  program
    .command('debug', { hidden: true })
    .description('Internal')
    .effects('read_only')
    .action(() => {});
  return program;
}

function yargsShip() {
  return yargs([])
    .scriptName('ship')
    .command(
      'deploy <target>',
      'Deploy a build',
      (y: Argv) => y.effects('non_idempotent'),
      () => {},
    )
    .command(
      'status',
      'Show the status',
      (y: Argv) => y.effects('read_only'),
      () => {},
    )
    .command(
      'purge',
      'Delete everything',
      (y: Argv) => y.effects('withheld'),
      () => {},
    )
    .command(
      'debug',
      false,
      (y: Argv) => y.effects('read_only'),
      () => {},
    );
}

const programs: [string, () => Program | Promise<Program>][] = [
  ['the deploy example', () => deploy],
  ['the ship example', () => ship],
  ['a 20-command program in four groups', () => cloud],
  ['a generated 1,000-command program', () => scaleProgram(1000)],
  ['a program with hidden, withheld and secret parts', () => guarded],
  ['a commander program', () => commanderProgram(commanderShip())],
  ['a yargs program', () => yargsProgram(yargsShip())],
];

describe('L1 · the rules restated here can fail', () => {
  it.each([
    ['---\nname: Ship\ndescription: x\n---\nbody\n', 'Ship', 'bad name Ship'],
    ['---\nname: ship--it\ndescription: x\n---\n', 'ship--it', 'bad name ship--it'],
    ['---\nname: ship\ndescription: x\n---\n', 'other', "name ship is not its folder's, other"],
    ['---\nname: ship\ndescription: ""\n---\n', 'ship', 'description of 0 characters'],
    [`---\nname: ship\ndescription: ${'x'.repeat(1025)}\n---\n`, 'ship', 'description of 1025 characters'],
    ['---\nname: ship\ndescription: x\nversion: 1\n---\n', 'ship', 'key version is not allowed'],
    [`---\nname: ship\ndescription: x\n---\n${'line\n'.repeat(501)}`, 'ship', 'body of 501 lines'],
    [`---\nname: ship\ndescription: x\n---\n${'x'.repeat(20_001)}`, 'ship', 'body of 20001 characters'],
    ['name: ship\n', 'ship', 'no front matter between --- lines at the top'],
  ])('L1 · %j is refused', (text, folder, problem) => {
    expect(problems(text, folder)).toContain(problem);
  });
});

describe('L1 · L4 · one folder per program', () => {
  const named = (name: string) =>
    defineProgram({
      name,
      commands: [defineCommand({ name: 'go', description: 'Go', effects: 'read_only', run: () => null })],
    });

  it("L1 · L4 · distinct program names get distinct skill names, each valid and its folder's, a valid name kept as it is (probe: skill-name-collision)", () => {
    const names = ['日本', '...', '-', 'a/b', 'a-b', 'ship', 'my-tool'];
    const skills = names.map((name) => toSkillPages(manifestOf(named(name)))[0]!);
    const skillNames = skills.map((skill) => skill.name);
    expect(new Set(skillNames).size).toBe(names.length);
    for (const skill of skills) {
      expect(skill.name.length).toBeLessThanOrEqual(64);
      expect(skill.name).toMatch(NAME);
      expect([skill.name, problems(skill.text, skill.name)]).toEqual([skill.name, []]);
    }
    expect(skillNames.slice(4)).toEqual(['a-b', 'ship', 'my-tool']);
    // A name that had to change keeps what it can read, then a hash of the name itself.
    expect(skillNames.slice(0, 4)).toEqual([
      expect.stringMatching(/^cli-[0-9a-f]{8}$/),
      expect.stringMatching(/^cli-[0-9a-f]{8}$/),
      expect.stringMatching(/^cli-[0-9a-f]{8}$/),
      expect.stringMatching(/^a-b-[0-9a-f]{8}$/),
    ]);
    expect(toSkillPages(manifestOf(named('My_Tool')))[0]!.name).toMatch(/^my-tool-[0-9a-f]{8}$/);
  });
});

describe.each(programs)('L1 · L2 · L3 · every page of the skill of %s', (_, make) => {
  it('L1 · L3 · keeps the Agent Skills rules: front matter keys, name, description, body size; pages within the size', async () => {
    const pages = toSkillPages(manifestOf(await make()));
    expect(pages[0]!.file).toBe('SKILL.md');
    for (const page of pages) expect([page.file, pageProblems(page)]).toEqual([page.file, []]);
    expect(new Set(pages.map((page) => page.name)).size).toBe(1);
  });

  it('L1 · the description says what the program does and when to use it', async () => {
    const [root] = toSkillPages(manifestOf(await make()));
    const front = parse(/^---\n([\s\S]*?)\n---\n/.exec(root!.text)![1]!) as { description: string };
    expect(front.description).toMatch(/\. Use when (asked to|a task involves) /);
  });

  it('L1 · L3 · every page is named by the page that sends to it, and every file named is a page', async () => {
    const pages = toSkillPages(manifestOf(await make()));
    const named = pages.flatMap((page) => [...page.text.matchAll(/`(references\/[^`]+\.md)`/g)].map((m) => m[1]));
    expect(named.sort()).toEqual(
      pages
        .slice(1)
        .map((page) => page.file)
        .sort(),
    );
  });

  it('L2 · names no hidden or withheld command, and writes no secret default', async () => {
    const manifest = manifestOf(await make());
    const texts = toSkillPages(manifest).map((page) => page.text);
    for (const path of keptFromAgents(manifest)) {
      const named = new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);
      expect(texts.filter((text) => named.test(text)).map(() => path)).toEqual([]);
    }
    for (const text of texts) expect(text).not.toContain('hunter2-default-value');
  });

  it('L2 · the same declaration gives the same bytes on a second run', async () => {
    const first = toSkillPages(manifestOf(await make()));
    const second = toSkillPages(manifestOf(await make()));
    expect(second).toEqual(first);
  });
});

describe('L2 · what a skill says of what it keeps back', () => {
  it('L2 · a secret option is named, its default never; a secret read from a variable points there', () => {
    const [skill] = toSkillPages(manifestOf(guarded));
    expect(skill!.name).toMatch(/^vault-tool-[0-9a-f]{8}$/);
    expect(skill!.text).toContain('- --token (secret): the vault token\n');
    expect(skill!.text).toContain('- --key (secret: prefer env VAULT_KEY): the key\n');
    expect(skill!.text).toContain('- --mode (ro | rw; default ro): how to open it\n');
    // The kinds of effect explained are those of the commands taught: not withheld.
    expect(skill!.text).not.toContain('`withheld`');
  });

  it('L2 · the examples are checked too: the ship example teaches none of db drop, debug or --pace', () => {
    const text = toSkillPages(manifestOf(ship))
      .map((page) => page.text)
      .join('\n');
    for (const word of ['ship db drop', 'ship debug', '--pace']) expect(text).not.toContain(word);
    expect(text).toContain('ship db backup');
  });

  it('L2 · skills print gives the same bytes in two processes, and the bytes the projection renders', async () => {
    const first = await runCli(example('ship'), ['skills', 'print']);
    const second = await runCli(example('ship'), ['skills', 'print']);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('');
    expect(second.stdout).toBe(first.stdout);
    expect(first.stdout).toBe(toSkillPages(manifestOf(ship))[0]!.text);
  });
});

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
