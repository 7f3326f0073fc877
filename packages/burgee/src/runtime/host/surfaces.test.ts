import { describe, expect, it } from 'vitest';
import { GLOBAL_FLAGS } from '../../manifest/globals.js';
import { SYNTHESISED_COMMANDS } from '../../manifest/synthesised.js';
import { ADDED_COMMANDS, findSurface, namesAddedCommand, SURFACE_FLAGS } from './surfaces.js';

// The adapters' entry files scan argv without loading the tables; these lists must stay subsets of them.
describe("what an adapter's entry scans for", () => {
  it('F1 · every surface flag is a row of the global flag table, and every added command a synthesised one but help', () => {
    const flags = GLOBAL_FLAGS.map((row) => `--${row.name}`);
    expect(SURFACE_FLAGS.filter((flag) => !flags.includes(flag))).toEqual([]);
    const synthesised = SYNTHESISED_COMMANDS.map((row) => row.name).filter((name) => name !== 'help');
    expect([...ADDED_COMMANDS].sort()).toEqual([...synthesised].sort());
  });

  it('F3 · a flag the program declares, or one after --, is not a surface; --mcp wins over --json', () => {
    expect(findSurface(['deploy', '--json'], () => false)).toBe('--json');
    expect(findSurface(['deploy', '--json'], (flag) => flag === '--json')).toBeUndefined();
    expect(findSurface(['deploy', '--', '--json'], () => false)).toBeUndefined();
    expect(findSurface(['--json', '--mcp'], () => false)).toBe('--mcp');
  });

  it('K3 · completion and mcp are added only where the program has no command of that name', () => {
    expect(namesAddedCommand(['completion', 'bash'], () => false)).toBe(true);
    expect(namesAddedCommand(['--json', 'mcp', 'config'], () => false)).toBe(true);
    expect(namesAddedCommand(['mcp'], (name) => name === 'mcp')).toBe(false);
    expect(namesAddedCommand(['help'], () => false)).toBe(false);
  });
});
