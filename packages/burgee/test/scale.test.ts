import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { runProgram } from '../src/testing/index.js';
import { scalePaths, scaleProgram } from './fixtures/scale.js';
import { repoRoot } from './support/cli.js';

const programSchema = JSON.parse(readFileSync(`${repoRoot}packages/burgee/program-schema.json`, 'utf8')) as object;
const validate = new Ajv2020.default({ strict: true, allErrors: true }).compile(programSchema);

type Listing = { commands: { name: string }[]; groups?: { name: string; commands: number }[]; pages?: number };

/** Prints `--schema` for argv, checking it stays within `budget` and validates; returns the document. */
async function schema(program: ReturnType<typeof scaleProgram>, argv: string[], budget: number): Promise<Listing> {
  const result = await runProgram(program, [...argv, '--schema']);
  expect(result.exitCode, result.stderr + result.stdout).toBe(0);
  expect(result.stdout.trimEnd().length).toBeLessThanOrEqual(budget);
  expect(validate(result.json), JSON.stringify(validate.errors)).toBe(true);
  return result.json as Listing;
}

/** Walks from `--schema` to every command an agent can reach: pages, groups, then each command drilled. */
async function reachable(program: ReturnType<typeof scaleProgram>, budget: number, extra: string[] = []) {
  const found: string[] = [];
  const walk = async (scope: string[]): Promise<void> => {
    const first = await schema(program, [...scope, ...extra], budget);
    const pages = [first];
    for (let page = 2; page <= (first.pages ?? 1); page++) {
      pages.push(await schema(program, [...scope, ...extra, '--page', String(page)], budget));
    }
    for (const listing of pages) {
      for (const group of listing.groups ?? []) {
        const before = found.length;
        await walk(group.name.split(' '));
        expect(found.length - before).toBe(group.commands);
      }
      for (const command of listing.commands) found.push(command.name);
    }
  };
  await walk([]);
  return found;
}

describe('a program of 1,000 commands, as an agent explores it', () => {
  const program = scaleProgram(1000);
  const names = scalePaths(1000).map((path) => path.join(' '));

  it('S4 · --schema stays within the 48,000-character budget and validates against program-schema.json', async () => {
    const document = await schema(program, [], 48_000);
    expect(document).toMatchObject({ summarised: true, detail: 'groups', budget: 48_000 });
    expect(document.groups).toHaveLength(40);
  });

  it('S3 · every one of the 1,000 commands is reachable by drilling, and each drills to its full schema', async () => {
    const found = await reachable(program, 48_000);
    expect(found.sort()).toEqual([...names].sort());
    for (const name of found) {
      const result = await runProgram(program, [...name.split(' '), '--schema']);
      expect(result.exitCode).toBe(0);
      expect(result.json).toMatchObject({ name, inputSchema: { properties: { target: {}, count: {} } } });
    }
  });

  it('S4 · under a small budget the listing is paged; every page fits and together they reach every command', async () => {
    const found = await reachable(program, 2_000, ['--budget', '2000']);
    expect(found.sort()).toEqual([...names].sort());
    const first = await schema(program, ['--budget', '2000'], 2_000);
    expect(first).toMatchObject({ truncated: true, page: 1 });
  });

  it('S4 · --page past the last page is a usage error naming the last one', async () => {
    const result = await runProgram(program, ['--schema', '--budget', '2000', '--page', '999', '--json']);
    expect(result.exitCode).toBe(2);
    expect(result.json).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^big --schema has \d+ pages$/) },
    });
  });
});

describe('a program of 1,000 commands, as a person reads its help', () => {
  const program = scaleProgram(1000);

  it('H2 · the root --help lists groups first, then the first 50 commands, then how many more and how to see them', async () => {
    const { stdout, exitCode } = await runProgram(program, ['--help']);
    expect(exitCode).toBe(0);
    const rows = stdout
      .split('Commands:\n')[1]!
      .split('\n\n')[0]!
      .split('\n')
      .map((line) => line.trim().split(/\s+/)[0]);
    const groups = rows.filter((name) => name?.startsWith('group-'));
    const steps = rows.filter((name) => name?.startsWith('step-'));
    expect(groups).toHaveLength(40);
    expect(rows.indexOf(steps[0])).toBe(40);
    expect(steps).toEqual(Array.from({ length: 50 }, (_, i) => `step-${800 + i}`));
    expect(stdout).toContain('… and 150 more: `big --help --all` lists every one, `big --schema` describes');
  });

  it('H2 · --help --all lists all 240 entries in declared order; --help --json carries the count left out', async () => {
    const all = await runProgram(program, ['--help', '--all']);
    expect(all.stdout).not.toContain('more:');
    expect(all.stdout.match(/^ {2}(group|step)-\d{3} /gm)).toHaveLength(240);
    const data = await runProgram(program, ['--help', '--json']);
    expect(data.json).toMatchObject({ ok: true, data: { moreCommands: 150 } });
    // 90 of the program's own, then help, completion and mcp, which burgee adds at the root (K3).
    expect((data.json as { data: { commands: unknown[] } }).data.commands).toHaveLength(93);
  });

  it('H2 · a level of 50 or fewer commands is listed whole, in declared order, with no extra line', async () => {
    const { stdout } = await runProgram(program, ['group-001', '--help']);
    expect(stdout.match(/^ {2}task-\d{3} /gm)).toHaveLength(20);
    expect(stdout).not.toContain('more:');
  });

  it('H2 · --all without --help is a usage error whose fix adds --help', async () => {
    const result = await runProgram(program, ['step-999', '--all', '--json']);
    expect(result.exitCode).toBe(2);
    expect(result.json).toMatchObject({ error: { fix: 'big step-999 --help --all --json' } });
  });
});
