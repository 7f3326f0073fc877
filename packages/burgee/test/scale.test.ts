import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { connectMcp, runProgram } from '../src/testing/index.js';
import { scalePaths, scaleProgram } from './fixtures/scale.js';
import { repoRoot } from './support/cli.js';
import { envelopeOf, foundTools } from './support/mcp.js';

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
    // 90 of the program's own, then help, completion, mcp and skills, which burgee adds at the root (K3).
    expect((data.json as { data: { commands: unknown[] } }).data.commands).toHaveLength(94);
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

describe('a program of 1,000 commands over MCP, with the official client', () => {
  type Tool = { name: string; inputSchema: { properties: Record<string, unknown> } };
  const paths = scalePaths(1000);
  const toolNames = paths.map((path) => path.join('_'));

  /** Every page of `tools/list`, following nextCursor; returns the pages' tools. */
  async function listAll(client: Awaited<ReturnType<typeof connectMcp>>): Promise<Tool[][]> {
    const pages: Tool[][] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      pages.push(page.tools as Tool[]);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return pages;
  }

  it('M2 · N5 · by default the first list fits 8,000 characters: the discovery tool first, then top-level commands', async () => {
    const client = await connectMcp(scaleProgram(1000));
    try {
      const pages = await listAll(client);
      expect(pages).toHaveLength(1);
      expect(JSON.stringify(pages[0]).length).toBeLessThanOrEqual(8000);
      const names = pages[0]!.map((tool) => tool.name);
      expect(names[0]).toBe('discover_tools');
      expect(names.slice(1).every((name) => name.startsWith('step-'))).toBe(true);
      expect(names.length).toBeGreaterThan(10);
      // Every tool listed would be more than fifty times the budget.
      const every = await connectMcp(scaleProgram(1000, { mcp: { toolBudget: Number.POSITIVE_INFINITY } }));
      expect(JSON.stringify((await every.listTools()).tools).length).toBeGreaterThan(50 * 8000);
      await every.close();
    } finally {
      await client.close();
    }
  });

  it('M2 · with mcp.toolBudget: Infinity every runnable command is one tool, all 1,000 in one list', async () => {
    const client = await connectMcp(scaleProgram(1000, { mcp: { toolBudget: Number.POSITIVE_INFINITY } }));
    try {
      const pages = await listAll(client);
      expect(pages).toHaveLength(1);
      expect(pages[0]!.map((tool) => tool.name)).toEqual(toolNames);
    } finally {
      await client.close();
    }
  });

  it('M2 · N5 · a program of 20 commands with options and examples lists the discovery tool by default, and every tool with toolBudget: Infinity', async () => {
    // Four groups of five, each command with three options and two examples: a tool list of its size.
    const groups = ['projects', 'deploys', 'secrets', 'logs'].map((group) =>
      defineCommand({
        name: group,
        description: `Manage ${group}`,
        commands: ['list', 'get', 'create', 'update', 'delete'].map((verb) =>
          defineCommand({
            name: verb,
            description: `${verb[0]!.toUpperCase()}${verb.slice(1)} ${group} of a project on the platform, with the options an operator would use.`,
            effects: verb === 'list' || verb === 'get' ? 'read_only' : 'non_idempotent',
            options: {
              project: { type: 'string', required: true, description: 'the project it belongs to' },
              region: { type: 'string', choices: ['eu', 'us', 'ap'], default: 'eu', description: 'where it runs' },
              limit: { type: 'number', integer: true, minimum: 1, maximum: 100, default: 20, description: 'how many' },
            },
            examples: [`cloud ${group} ${verb} --project web`, `cloud ${group} ${verb} --project web --region us`],
            run: () => null,
          }),
        ),
      }),
    );
    const client = await connectMcp(defineProgram({ name: 'cloud', commands: groups }));
    const every = await connectMcp(defineProgram({ name: 'cloud', commands: groups, mcp: { toolBudget: Infinity } }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['discover_tools']);
      expect(JSON.stringify(tools).length).toBeLessThanOrEqual(8000);
      const all = (await every.listTools()).tools;
      expect(all).toHaveLength(20);
      expect(JSON.stringify(all).length).toBeGreaterThan(12_000);
    } finally {
      await client.close();
      await every.close();
    }
  });

  it('M2 · with mcp.toolBudget the first tools/list fits the budget; a group found only through discover_tools is listed after tools/list_changed and its commands are called', async () => {
    const budget = 20_000;
    let changes = 0;
    const client = await connectMcp(scaleProgram(1000, { mcp: { toolBudget: budget } }), {
      client: { listChanged: { tools: { debounceMs: 0, autoRefresh: false, onChanged: () => changes++ } } },
    });
    try {
      const first = await listAll(client);
      expect(first).toHaveLength(1);
      expect(JSON.stringify(first[0]).length).toBeLessThanOrEqual(budget);
      const before = first[0]!.map((tool) => tool.name);
      expect(before[0]).toBe('discover_tools');
      expect(before.some((name) => name.startsWith('group-'))).toBe(false);
      const listedSteps = before.filter((name) => name.startsWith('step-'));
      expect(listedSteps.length).toBeGreaterThan(0);
      // The top-level commands that did not fit are the group ".".
      const rest = await client.callTool({ name: 'discover_tools', arguments: { group: '.' } });
      const restNames = foundTools(rest).map((tool) => tool.name);
      expect([...listedSteps, ...restNames]).toEqual(toolNames.filter((name) => name.startsWith('step-')));
      await expect.poll(() => changes).toBe(1);

      const found = await client.callTool({ name: 'discover_tools', arguments: { group: 'group-007' } });
      expect(found.isError).toBe(false);
      expect(found.structuredContent).toBeUndefined();
      const tools = foundTools(found);
      expect(tools.map((tool) => tool.name)).toEqual(toolNames.filter((name) => name.startsWith('group-007_')));
      expect([...tools[13]!.inputs.keys()]).toEqual(['target', 'count']);
      await expect.poll(() => changes).toBe(2);
      const listed = (await listAll(client)).flat().find((tool) => tool.name === 'group-007_task-013');
      expect(Object.keys(listed!.inputSchema.properties)).toEqual(['target', 'count']);

      const called = await client.callTool({ name: 'group-007_task-013', arguments: { target: 'prod' } });
      expect(envelopeOf(called)).toMatchObject({ ok: true, data: { target: 'prod', count: 1 } });
    } finally {
      await client.close();
    }
  });

  it('M2 · with a tool budget, every one of the 1,000 commands is callable by its usual name', async () => {
    const client = await connectMcp(scaleProgram(1000, { mcp: { toolBudget: 20_000 } }));
    try {
      for (const name of toolNames) {
        const result = await client.callTool({ name, arguments: { count: 2 } });
        expect(envelopeOf(result), name).toEqual({
          ok: true,
          data: { target: 'local', count: 2 },
          meta: { provenance: { target: { source: 'default' }, count: { source: 'flag', location: '--count' } } },
        });
      }
    } finally {
      await client.close();
    }
  });

  it('M2 · discover_tools refuses a group it does not name, listing those it does', async () => {
    const client = await connectMcp(scaleProgram(1000, { mcp: { toolBudget: 20_000 } }));
    try {
      const result = await client.callTool({ name: 'discover_tools', arguments: { group: 'nope' } });
      expect(result.isError).toBe(true);
      // The discovery tool has no outputSchema: its refusal is the text alone, as any other would be (N5).
      expect(result.structuredContent).toBeUndefined();
      expect(envelopeOf(result)).toMatchObject({ ok: false, error: { code: 2 } });
      expect((envelopeOf(result) as { error: { hint: string } }).error.hint).toMatch(/^groups: group-000, /);
    } finally {
      await client.close();
    }
  });
});

describe('mcp.toolBudget, as declared', () => {
  it('D1 · a budget that is not a positive whole number (or Infinity), or a command that takes the discovery tool name, is refused at definition', () => {
    expect(() => scaleProgram(3, { mcp: { toolBudget: 0 } })).toThrow(
      'program "big" has mcp.toolBudget 0; use a positive whole number of characters, or Infinity to list every tool',
    );
    expect(() => scaleProgram(3, { mcp: { toolBudget: Number.POSITIVE_INFINITY } })).not.toThrow();
    const discover = defineCommand({
      name: 'discover',
      commands: [defineCommand({ name: 'tools', effects: 'read_only', run: () => null })],
    });
    // The default budget may give the name to the discovery tool too: only Infinity never lists one.
    for (const mcp of [{ toolBudget: 1000 }, {}])
      expect(() => defineProgram({ name: 'big', commands: [discover], mcp })).toThrow(
        /command "discover tools", whose tool name discover_tools a long tool list gives to its discovery tool; rename the command, or set mcp.toolBudget to Infinity/,
      );
    expect(() =>
      defineProgram({ name: 'big', commands: [discover], mcp: { toolBudget: Number.POSITIVE_INFINITY } }),
    ).not.toThrow();
  });
});
