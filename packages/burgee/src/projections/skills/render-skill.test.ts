import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { defineCommand, defineProgram } from '../../declaration/define.js';
import { buildManifest } from '../../declaration/to-manifest.js';
import { group, leaf } from './fixtures.js';
import { yamlScalar } from './front-matter.js';
import { renderRootSkill, renderSkill, skillBody, toSkillName, toSkillPages } from './index.js';

describe('L1 · the name rule', () => {
  // A valid name is kept; any other loses something on the way, so it carries 8 hex digits of a hash of the words.
  it.each([
    [['ship'], /^ship$/],
    [['my-tool'], /^my-tool$/],
    [['ship', 'db'], /^ship-db$/],
    [[`${'a'.repeat(62)}-b`], new RegExp(`^${'a'.repeat(62)}-b$`)],
    [['Ship_It'], /^ship-it-[0-9a-f]{8}$/],
    [['@acme/ship'], /^acme-ship-[0-9a-f]{8}$/],
    [['ship--it', '-x-'], /^ship-it-x-[0-9a-f]{8}$/],
    [['été'], /^ete-[0-9a-f]{8}$/],
    [['日本'], /^cli-[0-9a-f]{8}$/],
    [['a'.repeat(70)], new RegExp(`^${'a'.repeat(55)}-[0-9a-f]{8}$`)],
    [[`${'a'.repeat(54)}-B`], new RegExp(`^${'a'.repeat(54)}-[0-9a-f]{8}$`)],
  ])('L1 · %j → %s', (words, pattern) => {
    const name = toSkillName(words);
    expect(name).toMatch(pattern);
    expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(name.length).toBeLessThanOrEqual(64);
    expect(toSkillName([...words])).toBe(name);
  });
});

describe('L1 · front matter strings', () => {
  it.each([
    'Ship services.',
    'yes',
    'null',
    '123',
    'a: b',
    '# not a comment',
    "it's",
    '"quoted"',
    'line\u2028separator',
    'del\u007fete',
    'trailing ',
    '- dash',
    'tab\there',
  ])('L1 · %j reads back unchanged with a YAML parser', (text) => {
    expect(parse(`description: ${yamlScalar(text)}\n`)).toEqual({ description: text });
  });

  it('L1 · the description says what the program does, then when to use it, within 1,024 characters', () => {
    const program = defineProgram({ name: 'tool', description: 'Runs chores', commands: [leaf('a'), leaf('b')] });
    const description = parse(renderRootSkill(buildManifest(program)).split('---')[1]!).description as string;
    expect(description).toBe('Runs chores. Use when asked to does one careful thing with many words to say about it.');
    const many = defineProgram({
      name: 'tool',
      commands: Array.from({ length: 200 }, (_, i) =>
        defineCommand({ name: `c${i}`, description: `Chore number ${i}`, effects: 'read_only', run: () => null }),
      ),
    });
    const long = parse(renderRootSkill(buildManifest(many)).split('---')[1]!).description as string;
    expect(long.length).toBeLessThanOrEqual(1024);
    // Two hundred summaries make no short sentence: the names an agent types stand for them.
    expect(long).toMatch(
      /^The tool command-line program\. Use when a task involves tool c0, c1, .*, c\d+ and \d+ more\.$/,
    );
  });

  it('L1 · N5 · a description that stays short says when to use the program by summaries; a longer one by names', () => {
    const chores = (count: number) =>
      defineProgram({
        name: 'tool',
        description: 'Runs chores',
        commands: Array.from({ length: count }, (_, i) =>
          defineCommand({ name: `c${i}`, description: `Sweep floor ${i}`, effects: 'read_only', run: () => null }),
        ),
      });
    const descriptionOf = (count: number) =>
      parse(renderRootSkill(buildManifest(chores(count))).split('---')[1]!).description as string;
    expect(descriptionOf(2)).toBe('Runs chores. Use when asked to sweep floor 0; sweep floor 1.');
    expect(descriptionOf(12)).toBe(
      'Runs chores. Use when a task involves tool c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10 or c11.',
    );
  });
});

const bodyLines = (text: string): number => skillBody(text).replace(/\n$/, '').split('\n').length;

const files = (program: Parameters<typeof buildManifest>[0]): string[] =>
  toSkillPages(buildManifest(program)).map((page) => page.file);

describe('L1 · L3 · one skill, its groups on pages of their own', () => {
  it('L1 · a program with one group, whose commands fit, is one SKILL.md with every command in full', () => {
    const manifest = buildManifest(defineProgram({ name: 'tool', commands: [group('db', 3), leaf('status')] }));
    const [skill, ...more] = toSkillPages(manifest);
    expect([skill!.file, more]).toEqual(['SKILL.md', []]);
    expect(skill!.text).toContain('\n## `tool db db-2` (read_only)\nDoes one careful thing');
    expect(skill!.text).toContain('\n- --level (integer 1–9): how hard it tries\n');
    expect(skill!.full).toEqual([['db', 'db-0'], ['db', 'db-1'], ['db', 'db-2'], ['status']]);
  });

  it('L1 · more than one group: SKILL.md teaches the contract, indexes a page per group and keeps the loose commands in full', () => {
    const program = defineProgram({ name: 'tool', commands: [group('db', 3), group('net', 2), leaf('status')] });
    const manifest = buildManifest(program);
    const [root, db, net, ...more] = toSkillPages(manifest);
    expect([root!.file, db!.file, net!.file, more]).toEqual(['SKILL.md', 'references/db.md', 'references/net.md', []]);
    expect(root!.text).toContain('\n# tool\n\nCall with `--json --lean`');
    expect(root!.text).toContain('\n## Groups (read the file, or `tool skills print <group>`)\n');
    expect(root!.text).toContain('\n- `references/db.md`: Commands about db\n');
    expect(root!.text).toContain('\n- `references/net.md`: Commands about net\n');
    expect(root!.text).toContain('\n## `tool status` (read_only)\n');
    expect(root!.text).not.toContain('db-0');
    // A page holds its commands and nothing the root already says; its title says the group's words once.
    expect(db!.text.startsWith('# tool db\n\n## `db-0` (read_only)\nDoes one careful thing')).toBe(true);
    expect(db!.text).not.toContain('--json');
    expect(net!.full).toEqual([
      ['net', 'net-0'],
      ['net', 'net-1'],
    ]);
    expect(renderSkill(manifest, ['db'])).toEqual(db);
    expect(new Set([root, db, net].map((page) => page!.name))).toEqual(new Set(['tool']));
  });

  it('L2 · an option line said once on a page: a later command names it, or leaves it to its usage line', () => {
    const shared = {
      project: { type: 'string', required: true, description: 'the project' },
      token: { type: 'string', secret: true, env: 'TOOL_TOKEN', description: 'API token' },
    } as const;
    const command = (name: string) =>
      defineCommand({ name, effects: 'read_only', options: shared, run: () => null, description: name });
    const text = renderRootSkill(
      buildManifest(defineProgram({ name: 'tool', commands: [command('a'), command('b')] })),
    );
    const [a, b] = text.split('\n## ').slice(1);
    expect(a).toContain('- --project: the project\n- --token (secret: prefer env TOOL_TOKEN): API token');
    expect(b).toBe('`tool b --project <value>` (read_only)\nb\n- --token: as above\n');
  });
});

describe('L1 · N5 · an option line says each fact once, in few words', () => {
  it('L1 · a flag without a placeholder: a switch is noted, a short letter and a way to turn it off are spelled', () => {
    const command = defineCommand({
      name: 'go',
      effects: 'idempotent',
      arguments: [{ name: 'target', required: true, description: 'where to go' }],
      options: {
        fast: { type: 'boolean', short: 'f', description: 'hurry' },
        cache: { type: 'boolean', default: true, description: 'reuse what was fetched' },
        tries: { type: 'number', description: 'attempts' },
        tag: { type: 'string', multiple: true, separator: ',', description: 'labels' },
      },
      examples: ['tool go home --fast'],
      run: () => null,
    });
    const again = defineCommand({
      name: 'again',
      effects: 'read_only',
      arguments: [{ name: 'target', required: true, description: 'where to go' }],
      options: { fast: { type: 'boolean', short: 'f', description: 'hurry' } },
      run: () => null,
    });
    const text = renderRootSkill(buildManifest(defineProgram({ name: 'tool', commands: [command, again] })));
    expect(text).toContain(
      [
        '## `tool go <target>` (idempotent)',
        '- `<target>`: where to go',
        '- -f, --fast (switch): hurry',
        '- --[no-]cache (switch; default true): reuse what was fetched',
        '- --tries (number): attempts',
        '- --tag (repeatable, or split on ","): labels',
        '- Example: `tool go home --fast`',
      ].join('\n'),
    );
    // The argument's line is left to the usage line, the option is named as above.
    expect(text).toContain('## `tool again <target>` (read_only)\n- -f, --fast: as above\n');
  });

  it('L3 · a group whose word is not its file name is named beside the file', () => {
    // A valid command name, but not a valid skill name: its file gets a hash (the L1 name rule).
    const program = defineProgram({ name: 'tool', commands: [group('db--old', 2), group('net', 2)] });
    const root = renderRootSkill(buildManifest(program));
    expect(root).toMatch(/\n- db--old \(`references\/db-old-[0-9a-f]{8}\.md`\): Commands about db--old\n/);
    expect(root).toContain('\n- `references/net.md`: Commands about net\n');
  });
});

describe('L3 · the size rule', () => {
  it('L3 · one group too large to sit in SKILL.md gets a page of its own, its commands still in full there', () => {
    // The smallest group that no longer fits beside the contract: the page alone holds it whole.
    const pagesOf = (size: number) =>
      toSkillPages(buildManifest(defineProgram({ name: 'tool', commands: [group('db', size), leaf('status')] })));
    let size = 1;
    while (pagesOf(size).length === 1 && size < 200) size++;
    const pages = pagesOf(size);
    expect(pages.map((page) => page.file)).toEqual(['SKILL.md', 'references/db.md']);
    expect(pages[1]!.full.length).toBe(size);
    expect(pages[0]!.full).toEqual([['status']]);
    for (const page of pages) expect(skillBody(page.text).length).toBeLessThanOrEqual(20_000);
  });

  it('L3 · a page too large is split again by its own groups, each file named by its path', () => {
    const inner = defineCommand({ name: 'cloud', commands: [group('vm', 100), group('disk', 100)] });
    const program = defineProgram({ name: 'tool', commands: [inner, leaf('status')] });
    expect(files(program)).toEqual([
      'SKILL.md',
      'references/cloud.md',
      'references/cloud/vm.md',
      'references/cloud/disk.md',
    ]);
    const cloud = toSkillPages(buildManifest(program))[1]!.text;
    expect(cloud).toContain('\n- `references/cloud/vm.md`: Commands about vm\n');
  });

  it('L3 · too many commands without groups: one line each while they fit, then the rest counted', () => {
    const program = defineProgram({ name: 'tool', commands: Array.from({ length: 600 }, (_, i) => leaf(`c${i}`)) });
    const [skill, ...more] = toSkillPages(buildManifest(program));
    expect(more).toEqual([]);
    const text = skill!.text;
    expect(text).toContain('- `tool c0` (read_only): Does one careful thing with many words to say about it\n');
    expect(text).toMatch(/\n- … and \d+ more: `tool --llms` lists every command\n$/);
    expect(bodyLines(text)).toBeLessThanOrEqual(500);
    expect(skillBody(text).length).toBeLessThanOrEqual(20_000);
    expect(skill!.full).toEqual([]);
  });

  it('L3 · a command too long for the limits alone still leaves a skill within them', () => {
    const program = defineProgram({ name: 'tool', commands: [leaf('huge', 12 * 500)] });
    const text = renderRootSkill(buildManifest(program));
    expect(skillBody(text).length).toBeLessThanOrEqual(20_000);
    expect(text).toContain('- … and 1 more: `tool --llms` lists every command');
  });
});
