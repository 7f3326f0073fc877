// `burgee check <entry>` as a person and an agent run it: the built binary in a child process.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECK_RULES } from '../src/manifest/check-rules.js';
import { example, repoRoot, runCli } from './support/cli.js';
import { bin } from './support/dev.js';

const fixture = (name: string): string => `${repoRoot}packages/burgee/test/fixtures/check/${name}.mjs`;
const adapter = (name: string): string => `${repoRoot}packages/burgee/test/fixtures/adapters/${name}.mjs`;
const check = (...args: string[]) => runCli(bin, ['check', ...args]);

type Finding = { rule: string; severity: string; command?: string; message: string; fix?: string };
type Report = { program: string; findings: Finding[]; counts: { errors: number; warnings: number; silenced: number } };

describe('X1 · the example programs are clean', () => {
  it.each([
    ['examples/deploy', example('deploy')],
    ['examples/ship', example('ship')],
    ['a commander program', fixture('clean-commander')],
    ['a yargs program', fixture('clean-yargs')],
  ])('X1 · %s: no findings, even with --strict; exit 0 as a person and as an agent', async (_, entry) => {
    const person = await check(entry, '--strict');
    expect(person.code, person.stderr).toBe(0);
    expect(person.stdout).toBe('');
    expect(person.stderr).toMatch(/^\S+: no findings\n$/);
    const agent = await check(entry, '--strict', '--json');
    expect(agent.code).toBe(0);
    expect(agent.stderr).toBe('');
    const envelope = JSON.parse(agent.stdout) as { ok: boolean; data: Report };
    expect(envelope.ok).toBe(true);
    expect(envelope.data.findings).toEqual([]);
    expect(envelope.data.counts).toEqual({ errors: 0, warnings: 0, silenced: 0 });
  });

  it('X5 · the burgee binary passes its own check', async () => {
    const result = await check(bin, '--strict');
    expect(result.stderr).toMatch(/: no findings\n$/);
    expect(result.code).toBe(0);
  });
});

// Each rule and the command it names in the fixture: one violation per rule, in the order check reports them.
const NATIVE: [rule: string, command: string | undefined][] = [
  ['missing-program-description', undefined],
  ['schema-over-budget', undefined],
  ['skill-over-size', undefined],
  ['llms-over-budget', undefined],
  ['missing-description', 'nodesc'],
  ['missing-example', 'noexample'],
  ['example-refused', 'badexample'],
  ['example-elsewhere', 'elsewhere'],
  ['missing-option-description', 'opts'],
  ['missing-argument-description', 'args'],
  ['missing-group-description', 'group'],
  ['effects-contradict-name', 'purge'],
  ['secret-default', 'login'],
  ['secret-without-env', 'auth'],
  ['prompt-without-default', 'show'],
  ['unused-ignore', 'quiet'],
  ['tools-over-budget', 'bulk'],
];
const COMMANDER: [rule: string, command: string][] = [
  ['tool-name-invalid', 'do:it'],
  ['tool-name-collision', 'a b'],
  ['undeclared-effects', 'legacy'],
];

describe('X2 · one violation per rule', () => {
  it('X2 · every rule of the table has a violation below, each once', () => {
    const covered = [...NATIVE, ...COMMANDER].map(([rule]) => rule).sort();
    const known = CHECK_RULES.map((rule) => rule.id);
    expect(covered).toEqual([...known].sort());
  });

  it('X2 · a native program: each finding by rule, command and severity; the silenced one counted; exit 1', async () => {
    const result = await check(fixture('violations'), '--json');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    const envelope = JSON.parse(result.stdout) as { ok: false; data: Report; error: { code: number; message: string } };
    expect(envelope.ok).toBe(false);
    expect(envelope.error).toMatchObject({
      code: 1,
      message: `${fixture('violations').slice(repoRoot.length)}: 4 errors, 13 warnings, 1 silenced by check.ignore`,
    });
    const { findings, counts } = envelope.data;
    expect(findings.map((f) => [f.rule, f.command])).toEqual(NATIVE);
    for (const finding of findings) {
      const row = CHECK_RULES.find((rule) => rule.id === finding.rule)!;
      expect(finding.severity).toBe(row.severity);
    }
    expect(counts).toEqual({ errors: 4, warnings: 13, silenced: 1 });
  });

  it("X2 · the parser's own refusal, and its corrected line as the fix, for an example it refuses", async () => {
    const { data } = JSON.parse((await check(fixture('violations'), '--json')).stdout) as { data: Report };
    expect(data.findings.find((f) => f.rule === 'example-refused')).toEqual({
      rule: 'example-refused',
      severity: 'error',
      command: 'badexample',
      message:
        'lint badexample has the example "lint badexample --colour red", which it refuses: unknown option --colour for lint badexample',
      fix: 'lint badexample --color red',
    });
    expect(data.findings.find((f) => f.rule === 'secret-default')?.message).not.toContain('hunter2');
  });

  it('X2 · a commander program: the tool-name rules and undeclared effects, exit 1', async () => {
    const result = await check(fixture('violations-commander'), '--json');
    expect(result.code).toBe(1);
    const { data } = JSON.parse(result.stdout) as { data: Report };
    expect(data.findings.map((f) => [f.rule, f.command])).toEqual(COMMANDER);
    expect(data.counts).toEqual({ errors: 2, warnings: 1, silenced: 0 });
  });

  it('X1 · a person reads each finding and its fix on stderr, then the tally; stdout stays empty', async () => {
    const result = await check(fixture('violations-commander'));
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      [
        'error [tool-name-invalid] hostlint do:it becomes the MCP tool "do:it", outside MCP\'s rule [A-Za-z0-9_.-]{1,128}: clients refuse it',
        '  fix: rename the command with letters, digits and dashes, in a shorter path',
        'error [tool-name-collision] hostlint a b and hostlint a_b both become the MCP tool "a_b": one of them cannot be called',
        '  fix: rename one of the two commands',
        'warning [undeclared-effects] hostlint legacy declares no effects: its tool carries no hints, so MCP clients must treat it as destructive',
        "  fix: .effects('read_only') (or 'idempotent', 'non_idempotent', 'withheld')",
        '',
        `error: ${fixture('violations-commander').slice(repoRoot.length)}: 2 errors, 1 warning`,
        "hint: each finding says what to change; a command may silence a rule with check: { ignore: ['rule-id'] }",
        '',
      ].join('\n'),
    );
  });
});

describe('X1 · warnings, --strict, and what check cannot load', () => {
  it('X1 · warnings alone exit 0 and come back as data; --strict makes them fail, exit 1', async () => {
    const lenient = await check(adapter('yargs'), '--json');
    expect(lenient.code).toBe(0);
    const { data } = JSON.parse(lenient.stdout) as { data: Report };
    expect(data.counts.errors).toBe(0);
    expect(data.findings.map((f) => [f.rule, f.command])).toEqual([['undeclared-effects', 'legacy']]);
    const strict = await check(adapter('yargs'), '--json', '--strict');
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.stdout)).toMatchObject({
      ok: false,
      data: { counts: { errors: 0, warnings: 1 } },
      error: { code: 1, message: expect.stringMatching(/: 1 warning \(--strict fails on warnings\)$/) },
    });
  });

  it('X1 · no such entry is a usage error (exit 2); a module that is no program is a config error (exit 3)', async () => {
    const missing = await check('nope.mjs', '--json');
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout).error.message).toMatch(/^no entry module at nope\.mjs/);
    const notProgram = await check(`${repoRoot}packages/burgee/test/fixtures/print-child.mjs`, '--json');
    expect(notProgram.code).toBe(3);
    expect(JSON.parse(notProgram.stdout).error.message).toMatch(/^cannot load .*print-child\.mjs: /);
  });
});

describe('X1 · an entry that never yields at import cannot hang check or diff (probe: check-entry-never-yields)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'burgee-check-hang-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const entry = (name: string, body: string) => {
    writeFileSync(join(dir, name), body);
    return join(dir, name);
  };
  const loops = entry('loops.mjs', 'for (;;) {}\n');
  const waits = entry('waits.mjs', 'await new Promise(() => {});\nexport default 1;\n');
  const slow = entry('slow.mjs', 'await new Promise(() => setInterval(() => {}, 1000));\n');

  it.each([
    [loops, /: its import was still running after 2000 ms and was stopped \(a loop that never yields\?\)$/],
    [waits, /: its import never settled: it awaits a promise that nothing left running can resolve$/],
    [slow, /: its import did not settle within 2000 ms and was abandoned/],
  ])('X1 · check %s: exit 3 naming the load, in about the load timeout', async (file, message) => {
    const started = Date.now();
    const result = await check(file, '--load-timeout', '2000', '--json');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout).error.message).toMatch(message);
    expect(JSON.parse(result.stdout).error.message).toMatch(/^cannot load /);
  });

  it('X4 · diff of a schema file and a looping entry: exit 3 naming the entry', async () => {
    const schema = join(dir, 'schema.json');
    writeFileSync(schema, (await runCli(example('ship'), ['--schema', '--full'])).stdout);
    const result = await runCli(bin, ['diff', schema, loops, '--load-timeout', '2000', '--json']);
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout).error.message).toMatch(/loops\.mjs: its import was still running after 2000 ms/);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'E9 · %s ends a check whose entry loops, at once, by that signal',
    async (name) => {
      const child = spawn(process.execPath, [bin, 'check', loops, '--load-timeout', '60000'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { PATH: process.env.PATH ?? '' },
      });
      // Long enough for the worker to be inside the loop.
      const sent = setTimeout(() => child.kill(name), 1_500);
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        child.on('close', (c, s) => resolve([c, s])),
      );
      clearTimeout(sent);
      clearTimeout(killer);
      expect({ code, signal }).toEqual({ code: null, signal: name });
    },
  );
});

describe('X2 · every rule is documented', () => {
  const page = readFileSync(`${repoRoot}docs/check.md`, 'utf8');

  it.each(CHECK_RULES.map((rule) => [rule.id, rule] as const))(
    'X2 · %s: a row with its severity, a section with an example finding and its fix',
    (id, rule) => {
      expect(page).toContain(`| [\`${id}\`](#${id})`);
      expect(page).toMatch(new RegExp(`\\| \\[\`${id}\`\\]\\(#${id}\\)\\s*\\| ${rule.severity}\\s*\\|`));
      const section = page.slice(
        page.indexOf(`\n### ${id}\n`),
        page.indexOf('\n### ', page.indexOf(`\n### ${id}\n`) + 1),
      );
      expect(section).toMatch(new RegExp(`\`\`\`text\\n${rule.severity} \\[${id}\\] .+\\n  fix: .+\\n\`\`\``));
    },
  );
});

describe('X5 · check and diff are commands of the burgee binary', () => {
  it('X5 · burgee --help lists both; each has help of its own; the README shows both', async () => {
    const help = await runCli(bin, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^ {2}check {2,}Lint a program's agent surfaces/m);
    expect(help.stdout).toMatch(/^ {2}diff {2,}Compare two contracts/m);
    const checkHelp = await runCli(bin, ['check', '--help']);
    expect(checkHelp.stdout).toContain('Usage: burgee check [options] <entry>');
    expect(checkHelp.stdout).toContain('--strict');
    const diffHelp = await runCli(bin, ['diff', '--help']);
    expect(diffHelp.stdout).toContain('Usage: burgee diff [options] <old> <new>');
    expect(diffHelp.stdout).toContain('--allow-breaking');
    const readme = readFileSync(`${repoRoot}README.md`, 'utf8');
    expect(readme).toContain('$ burgee check examples/ship/cli.mjs');
    expect(readme).toContain('$ burgee diff examples/ship/cli.mjs examples/ship/cli.mjs');
  });
});
