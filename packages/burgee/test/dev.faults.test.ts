import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { bin, type Cleanups, type Dev, scratch, startDev, until } from './support/dev.js';
import { texts } from './support/mcp.js';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const call = async (dev: Dev, name: string) => texts(await dev.client.callTool({ name, arguments: {} })).envelope;
const added = "defineCommand({ name: 'added', effects: 'read_only', run: () => 'added' }),";

/** Faults a module raises after its import settled, each appended to the entry at the top level. */
const probes: [string, string, string, RegExp][] = [
  [
    'a rejection nobody handles',
    'dev-reload-rejection',
    "Promise.reject(new Error('rejected at the top level'));",
    /^burgee dev: reload failed: cli\.mjs:\d+: rejected at the top level\n$/,
  ],
  [
    'a throw in a timer',
    'dev-reload-timer-throw',
    "setTimeout(() => { throw new Error('thrown in a timer'); }, 10);",
    /^burgee dev: reload failed: cli\.mjs:\d+: thrown in a timer\n$/,
  ],
  [
    'process.exit in a timer',
    'dev-reload-exit-in-timer',
    'setTimeout(() => process.exit(1), 10);',
    /^burgee dev: reload failed: cli\.mjs:\d+: it called process\.exit\(1\) while loading\n$/,
  ],
];

describe('M8 · a module that fails after it loaded is a failed reload', () => {
  it.each(probes)(
    'M8 · %s at the top level: a failed reload, never "reloaded"; the last good program keeps serving; the next save reloads (probe: %s)',
    async (_, _probe, fault, reason) => {
      const dir = scratch(cleanups);
      const entry = join(dir, 'cli.mjs');
      const good = readFileSync(entry, 'utf8');
      const dev = await startDev(cleanups, dir);
      writeFileSync(entry, `${good.replace('// more commands', added)}\n${fault}\n`);
      const failed = await until(
        () => /burgee dev: reload failed: .*\n/.exec(dev.stderr())?.[0],
        () => `reload failed; stderr: ${dev.stderr()}`,
      );
      expect(failed).toMatch(reason);
      expect(dev.stderr()).not.toContain('reloaded');
      expect(dev.lists).toEqual([]);
      expect((await dev.client.listTools()).tools.map((tool) => tool.name)).toEqual(['status', 'hello', 'old']);
      expect(await call(dev, 'status')).toBe('{"ok":true,"data":"green","meta":{"provenance":{}}}');
      writeFileSync(entry, good.replace('// more commands', added));
      await until(
        () => dev.names()?.includes('added'),
        () => `a list with added; stderr: ${dev.stderr()}`,
      );
      expect(dev.stderr()).toContain('burgee dev: reloaded cli.mjs\n+ added\n');
      expect(dev.stderr()).not.toMatch(/\n\s+at /);
    },
  );

  it('M8 · a module that fails later than that: said so, and the last good program serves again (probe: dev-late-timer-throw)', async () => {
    const dir = scratch(cleanups);
    const entry = join(dir, 'cli.mjs');
    const good = readFileSync(entry, 'utf8');
    const dev = await startDev(cleanups, dir);
    const late = "setTimeout(() => { throw new Error('thrown a second later'); }, 1000);";
    writeFileSync(entry, `${good.replace('// more commands', added)}\n${late}\n`);
    await until(
      () => dev.stderr().includes('failed after it loaded'),
      () => `the late failure; stderr: ${dev.stderr()}`,
    );
    expect(dev.stderr()).toMatch(
      /burgee dev: cli\.mjs failed after it loaded: cli\.mjs:\d+: thrown a second later; serving the last good program again\n- added\n$/,
    );
    await until(
      () => dev.names()?.join() === 'status,hello,old',
      () => `the list without added; stderr: ${dev.stderr()}`,
    );
    expect(await call(dev, 'status')).toBe('{"ok":true,"data":"green","meta":{"provenance":{}}}');
  });

  it('M8 · a first load whose module throws in a timer is refused: exit 3, nothing served (probe: dev-first-load-timer-throw)', async () => {
    const dir = scratch(cleanups);
    const entry = join(dir, 'cli.mjs');
    writeFileSync(
      entry,
      `${readFileSync(entry, 'utf8')}\nsetTimeout(() => { throw new Error('thrown in a timer'); }, 10);\n`,
    );
    const result = await runCli(bin, ['dev', 'cli.mjs'], { cwd: dir });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: cannot load cli\.mjs: cli\.mjs:\d+: thrown in a timer\n/);
  });
});
