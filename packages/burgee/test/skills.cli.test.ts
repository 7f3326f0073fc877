import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { program as ship } from '../../../examples/ship/cli.mjs';
import { manifestOf } from '../src/declaration/to-manifest.js';
import { defineCommand, defineProgram } from '../src/index.js';
import { renderLlms, renderSkill } from '../src/projections/skills/index.js';
import { runProgram } from '../src/testing/index.js';
import { repoRoot, runCli } from './support/cli.js';

const manifest = manifestOf(ship);

describe('L1 · skills print', () => {
  it('L1 · --json gives the skill as data: its name, the file it belongs in, its text', async () => {
    const result = await runProgram(ship, ['skills', 'print', '--json']);
    expect(result.exitCode).toBe(0);
    const text = renderSkill(manifest)!.text;
    expect(result.json).toEqual({
      ok: true,
      data: { name: 'ship', file: 'ship/SKILL.md', text },
      meta: { provenance: {} },
    });
  });

  it('L1 · L3 · skills print <group> prints that group’s page of the skill; --json names the file it belongs in', async () => {
    const result = await runProgram(ship, ['skills', 'print', 'db']);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(result.stdout).toBe(renderSkill(manifest, ['db'])!.text);
    expect(result.stdout.startsWith('# ship db\n')).toBe(true);
    const json = await runProgram(ship, ['skills', 'print', 'db', '--json']);
    expect(json.json).toMatchObject({ ok: true, data: { name: 'ship', file: 'ship/references/db.md' } });
  });

  it.each([
    [['skills', 'print', 'dbb'], 'ship skills print does not know the group "dbb"', 'ship skills print db --json'],
    [['skills', 'print', 'db', 'drop'], 'ship skills print does not know the group "db drop"', undefined],
    [['skills', 'print', 'status'], 'ship skills print does not know the group "status"', undefined],
    [['skills', 'prnt'], 'ship skills does not know the command "prnt"', 'ship skills print --json'],
    [['skills'], 'ship skills needs a command', undefined],
    [['skills', 'print', '--all'], 'unknown option --all for ship skills print', undefined],
  ])('L1 · %j is a usage error', async (argv, message, fix) => {
    const result = await runProgram(ship, [...argv, '--json']);
    expect(result.exitCode).toBe(2);
    const error = (result.json as { error: { message: string; fix?: string } }).error;
    expect(error.message).toBe(message);
    expect(error.fix).toBe(fix);
  });

  it('L6 · help skills prints its usage; skills --help too', async () => {
    for (const argv of [
      ['help', 'skills'],
      ['skills', '--help'],
    ]) {
      const result = await runProgram(ship, argv);
      expect(result.stdout).toContain(
        'Usage: ship skills <print [<group>...]|add [--agent <id>...|--all] [--scope project|user] [--dry-run]>',
      );
    }
  });
});

describe('L5 · --llms', () => {
  it('L5 · prints the index the projection renders; --json wraps it as data', async () => {
    const text = await runProgram(ship, ['--llms']);
    expect(text).toMatchObject({ exitCode: 0, stdout: `${renderLlms(manifest)}\n`, stderr: '' });
    const json = await runProgram(ship, ['--llms', '--json']);
    expect(json.json).toEqual({ ok: true, data: { text: renderLlms(manifest) }, meta: { provenance: {} } });
  });

  it('L5 · drilled into a group it lists that group; a command below which agents run nothing is refused', async () => {
    const db = await runProgram(ship, ['db', '--llms']);
    expect(db.stdout).toContain('# ship db\n');
    expect(db.stdout).toContain('\n- `backup` (non_idempotent, task)');
    expect(db.stdout).not.toContain('ship status');
    const drop = await runProgram(ship, ['db', 'drop', '--llms', '--json']);
    expect(drop.exitCode).toBe(2);
    expect(drop.json).toMatchObject({ error: { message: 'ship db drop holds no command an agent may run' } });
  });
});

describe('L6 · K3 · a program that declares the name keeps its own', () => {
  const own = defineProgram({
    name: 'own',
    commands: [
      defineCommand({
        name: 'skills',
        description: 'its own skills',
        effects: 'read_only',
        options: { llms: { type: 'boolean', description: 'its own flag' } },
        run: (ctx) => ({ own: true, llms: ctx.options.llms === true }),
      }),
      defineCommand({ name: 'other', description: 'another', effects: 'read_only', run: () => 'other' }),
    ],
  });

  it('L6 · its skills command runs its handler, and its --llms option is its own there', async () => {
    expect((await runProgram(own, ['skills', 'print', '--json'])).exitCode).toBe(2);
    expect((await runProgram(own, ['skills', '--llms', '--json'])).json).toMatchObject({
      ok: true,
      data: { own: true, llms: true },
    });
    // Elsewhere --llms is still burgee's.
    expect((await runProgram(own, ['--llms'])).stdout).toContain('- `own skills` (read_only)');
    expect((await runProgram(own, ['--help'])).stdout).not.toMatch(/^ {2}skills +print a SKILL/m);
  });
});

describe('C1 · L6 · completion offers skills and --llms', () => {
  it('C1 · skills print completes the groups, skills add its agents and scopes; the root flags include --llms', async () => {
    const complete = async (...words: string[]) => (await runProgram(ship, ['__complete', ...words])).stdout;
    expect(await complete('')).toContain('skills\n');
    expect(await complete('skills', '')).toBe('print\nadd\n');
    expect(await complete('skills', 'print', '')).toBe('config\ndb\n');
    expect(await complete('skills', 'add', '--agent', 'c')).toBe('claude-code\ncodex\ncopilot\ncursor\n');
    expect(await complete('skills', 'add', '--scope', '')).toBe('project\nuser\n');
    expect(await complete('skills', 'add', '--')).toBe('--agent\n--scope\n--all\n--dry-run\n--json\n');
    expect(await complete('--')).toContain('--llms\n');
  });
});

const adapters = `${repoRoot}packages/burgee/test/fixtures/adapters`;

describe.each([
  ['commander', `${adapters}/commander.mjs`],
  ['yargs', `${adapters}/yargs.mjs`],
])('F1 · F2 · a %s program serves skills and --llms', (_, script) => {
  it('L1 · L5 · skills print and --llms answer from the host’s command tree', async () => {
    const skill = await runCli(script, ['skills', 'print']);
    expect(skill).toMatchObject({ code: 0, stderr: '' });
    expect(skill.stdout).toMatch(/^---\nname: ship\n/);
    expect(skill.stdout).toContain('## `ship deploy <target>` (non_idempotent)\n');
    expect(skill.stdout).not.toContain('ship purge');
    const llms = await runCli(script, ['--llms']);
    expect(llms).toMatchObject({ code: 0, stderr: '' });
    expect(llms.stdout).toContain('- `ship status` (read_only): Show the status\n');
  });

  it('L4 · skills add --dry-run plans the program’s skill and writes nothing', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'burgee-skills-adapter-'));
    const added = await runCli(script, ['skills', 'add', '--dry-run', '--json'], { cwd });
    expect(readdirSync(cwd)).toEqual([]);
    rmSync(cwd, { recursive: true });
    expect(added).toMatchObject({ code: 0, stderr: '' });
    const { data } = JSON.parse(added.stdout) as { data: { skills: string[]; files: { created: boolean }[] } };
    expect(data.skills).toEqual(['ship']);
    expect(data.files).toMatchObject([{ created: true }]);
  });

  it('F1 · F2 · the host’s own help shows neither', async () => {
    const help = await runCli(script, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).not.toMatch(/skills|--llms/);
  });
});

describe('L5 · N5 · --llms after a command that runs prints that command in full', () => {
  it('L5 · ship rollback --llms: how to call, usage and effects, each option with choices and variable, the example; --json gives { text }', async () => {
    const person = await runProgram(ship, ['rollback', '--llms']);
    expect(person.exitCode).toBe(0);
    expect(person.stdout).toBe(
      [
        '# ship rollback',
        '',
        'Call with `--json --lean`: stdout is one JSON envelope; on exit 4, follow its `next[]`. `ship rollback --schema` gives its JSON Schema.',
        '',
        '## `ship rollback --service <value> --reason <value>` (non_idempotent)',
        'Roll a service back to its previous build. At a terminal, asks for what was not given.',
        '- --service (api | web | worker; env SHIP_SERVICE): service to roll back',
        '- --reason (env SHIP_REASON): why, for the rollback log',
        "- Example: `ship rollback --service api --reason 'error rate up'`",
        '',
      ].join('\n'),
    );
    const agent = await runProgram(ship, ['rollback', '--llms', '--json']);
    expect(JSON.parse(agent.stdout)).toMatchObject({ ok: true, data: { text: person.stdout.trimEnd() } });
  });

  it('L5 · the index says so: one command in full by --llms, its JSON Schema by --schema', () => {
    expect(renderLlms(manifestOf(ship))).toContain(
      '`ship <command> --llms` gives one command in full (`--schema` its JSON Schema)',
    );
  });
});
