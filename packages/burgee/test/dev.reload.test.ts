// M8's reload on save: `burgee dev <entry>` serving over stdio, a save read again, a failed reload
// leaving the last good program serving; its own file, apart from start, end and the binary.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach, type Dev, scratch, startDev, until } from './support/dev.js';
import { texts } from './support/mcp.js';

const cleanups = cleanupsAfterEach();

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

const call = async (dev: Dev, name: string) => texts(await dev.client.callTool({ name, arguments: {} })).envelope;

describe('M8 · burgee dev <entry>: serve over stdio, reload on save', () => {
  it('M8 · a save sends notifications/tools/list_changed and the new list; stderr shows + added and ~ changed', async () => {
    const dir = scratch(cleanups);
    const dev = await startDev(cleanups, dir);
    expect((await dev.client.listTools()).tools.map((tool) => tool.name)).toEqual(['status', 'hello', 'old']);
    edit(join(dir, 'cli.mjs'), 'Show the status', 'Show the status, briefly');
    edit(
      join(dir, 'cli.mjs'),
      '// more commands',
      "defineCommand({ name: 'deploy', description: 'Deploy it', effects: 'non_idempotent', run: () => 'deployed' }),",
    );
    const tools = await until(
      () => dev.lists.find((list) => list.some((tool) => tool.name === 'deploy')),
      () => `a list with deploy; stderr: ${dev.stderr()}`,
    );
    expect(tools.map((tool) => tool.name)).toEqual(['status', 'hello', 'old', 'deploy']);
    expect(tools[0]!.description).toBe('Show the status, briefly');
    await until(
      () => dev.stderr().includes('~ status'),
      () => `~ status; stderr: ${dev.stderr()}`,
    );
    expect(dev.stderr()).toMatch(/burgee dev: reloaded cli\.mjs\n(?:[+~-] \w+\n)*\+ deploy\n/);
    expect(await call(dev, 'deploy')).toBe('{"ok":true,"data":"deployed","meta":{"provenance":{}}}');
  });

  it('M8 · removing a command says - name; a change to a local import is read again (deep reload)', async () => {
    const dir = scratch(cleanups);
    const dev = await startDev(cleanups, dir);
    edit(join(dir, 'cli.mjs'), "defineCommand({ name: 'old',", "// defineCommand({ name: 'old',");
    await until(
      () => dev.names()?.join() === 'status,hello',
      () => `a list without old; stderr: ${dev.stderr()}`,
    );
    expect(dev.stderr()).toContain('burgee dev: reloaded cli.mjs\n- old\n');
    edit(join(dir, 'greeting.mjs'), 'hello, first', 'hello, second');
    await until(
      () => dev.stderr().includes('reloaded cli.mjs (tools unchanged)'),
      () => `a second reload; stderr: ${dev.stderr()}`,
    );
    expect(await call(dev, 'hello')).toContain('"data":"hello, second"');
  });

  it('M8 · a reload with a syntax error keeps serving the last good program and says why; fixing it reloads', async () => {
    const dir = scratch(cleanups);
    const entry = join(dir, 'cli.mjs');
    const good = readFileSync(entry, 'utf8');
    const dev = await startDev(cleanups, dir);
    writeFileSync(entry, `${good}\nexport const broken = {;\n`);
    const failed = await until(
      () => /burgee dev: reload failed: .*\n/.exec(dev.stderr())?.[0],
      () => `reload failed; stderr: ${dev.stderr()}`,
    );
    expect(failed).toMatch(/^burgee dev: reload failed: cli\.mjs:\d+: SyntaxError: Unexpected token ';'\n$/);
    expect((await dev.client.listTools()).tools.map((tool) => tool.name)).toEqual(['status', 'hello', 'old']);
    expect(await call(dev, 'status')).toBe('{"ok":true,"data":"green","meta":{"provenance":{}}}');
    expect(dev.lists).toEqual([]);
    writeFileSync(
      entry,
      good.replace('// more commands', "defineCommand({ name: 'fixed', effects: 'read_only', run: () => 1 }),"),
    );
    await until(
      () => dev.names()?.includes('fixed'),
      () => `a list with fixed; stderr: ${dev.stderr()}`,
    );
    expect(dev.stderr()).toContain('burgee dev: reloaded cli.mjs\n+ fixed\n');
    expect(dev.stderr()).not.toMatch(/\n\s+at /);
  });

  it('M8 · a reload whose import never settles is abandoned after the timeout and said so; later saves reload', async () => {
    const dir = scratch(cleanups);
    const entry = join(dir, 'cli.mjs');
    const good = readFileSync(entry, 'utf8');
    // Long enough for a good import on a loaded machine (the first load has the same limit).
    const dev = await startDev(cleanups, dir, 'cli.mjs', { BURGEE_DEV_LOAD_TIMEOUT_MS: '3000' });
    // Waiting on work that stays in flight (a request that never answers): only the timeout can end it.
    writeFileSync(entry, `${good}\nawait new Promise(() => setInterval(() => {}, 1000));\n`);
    const failed = await until(
      () => /burgee dev: reload failed: .*\n/.exec(dev.stderr())?.[0],
      () => `reload failed; stderr: ${dev.stderr()}`,
    );
    expect(failed).toBe(
      'burgee dev: reload failed: its import did not settle within 3000 ms and was abandoned (a top-level await that never ends?)\n',
    );
    expect(await call(dev, 'status')).toBe('{"ok":true,"data":"green","meta":{"provenance":{}}}');
    writeFileSync(
      entry,
      good.replace('// more commands', "defineCommand({ name: 'fixed', effects: 'read_only', run: () => 1 }),"),
    );
    await until(
      () => dev.names()?.includes('fixed'),
      () => `a list with fixed; stderr: ${dev.stderr()}`,
    );
    expect(dev.stderr()).toContain('burgee dev: reloaded cli.mjs\n+ fixed\n');
  });

  it.each([
    [
      'awaits a promise nothing can resolve',
      'await new Promise(() => {});',
      'its import never settled: it awaits a promise that nothing left running can resolve',
    ],
    [
      'loops without yielding',
      'for (;;) {}',
      'its import was still running after 3000 ms and was stopped (a loop that never yields?)',
    ],
  ])(
    'M8 · a reload that %s fails as a load, the server still answers, a later save reloads (probe: dev-entry-never-yields)',
    async (_, tail, reason) => {
      const dir = scratch(cleanups);
      const entry = join(dir, 'cli.mjs');
      const good = readFileSync(entry, 'utf8');
      const dev = await startDev(cleanups, dir, 'cli.mjs', { BURGEE_DEV_LOAD_TIMEOUT_MS: '3000' });
      writeFileSync(entry, `${good}\n${tail}\n`);
      const failed = await until(
        () => /burgee dev: reload failed: .*\n/.exec(dev.stderr())?.[0],
        () => `reload failed; stderr: ${dev.stderr()}`,
      );
      expect(failed).toBe(`burgee dev: reload failed: ${reason}\n`);
      expect(await call(dev, 'status')).toBe('{"ok":true,"data":"green","meta":{"provenance":{}}}');
      writeFileSync(
        entry,
        good.replace('// more commands', "defineCommand({ name: 'fixed', effects: 'read_only', run: () => 1 }),"),
      );
      await until(
        () => dev.names()?.includes('fixed'),
        () => `a list with fixed; stderr: ${dev.stderr()}`,
      );
    },
  );

  it('M8 · an entry that calls await run(program) unguarded loads without running; what it prints goes to stderr', async () => {
    const dev = await startDev(cleanups, scratch(cleanups), 'runs-itself.mjs');
    expect((await dev.client.listTools()).tools.map((tool) => tool.name)).toEqual(['ping']);
    expect(await call(dev, 'ping')).toBe('{"ok":true,"data":"pong","meta":{"provenance":{}}}');
    expect(dev.stderr()).toContain('loading runs-itself.mjs\n');
  });
});
