import { describe, expect, it } from 'vitest';
import { ADDED_COMMANDS, findSurface, findSurfaces, namesAddedCommand, SURFACE_FLAGS } from './surfaces.js';

// What an adapter's entry scans argv for, read from the two tables; restated here by hand, so a row
// that starts or stops reaching commander and yargs programs is a decision this test makes visible.
describe("what an adapter's entry scans for", () => {
  it('F1 · the surface flags are the foreign rows of the flag table; the added commands all synthesised ones but help', () => {
    expect([...SURFACE_FLAGS].sort()).toEqual(['--explain', '--json', '--llms', '--mcp', '--schema']);
    expect([...ADDED_COMMANDS].sort()).toEqual(['__complete', 'completion', 'mcp', 'skills']);
  });

  it('F3 · a flag the program declares, or one after --, is not a surface; --mcp and --schema win over --json', () => {
    expect(findSurface(['deploy', '--json'], () => false)).toBe('--json');
    expect(findSurface(['deploy', '--json'], (flag) => flag === '--json')).toBeUndefined();
    expect(findSurface(['deploy', '--', '--json'], () => false)).toBeUndefined();
    expect(findSurface(['--json', '--mcp'], () => false)).toBe('--mcp');
    expect(findSurface(['--json', '--schema'], () => false)).toBe('--schema');
    expect(findSurface(['--json', '--schema'], (flag) => flag === '--schema')).toBe('--json');
    expect(findSurface(['--http', '0', '--format', 'json'], () => false)).toBeUndefined();
  });

  it('P5 · F1 · --explain wins over --json, and its option name is no flag; a word the host takes as a value is no surface', () => {
    expect(findSurface(['deploy', '--json', '--explain', 'region'], () => false)).toBe('--explain');
    expect(findSurfaces(['deploy', '--explain', '--json'], () => false)).toEqual([{ flag: '--explain', at: 1 }]);
    // `say hello --message --json`, where --message takes a value: the host gives it --json.
    // A host that gives the word after `--message` to it.
    const valuesOf = (args: readonly string[]) =>
      new Set(args.flatMap((word, at) => (word === '--message' ? [at + 1] : [])));
    const line = ['say', 'hello', '--message', '--json', '--schema'];
    expect(findSurfaces(line, () => false, valuesOf)).toEqual([{ flag: '--schema', at: 4 }]);
    expect(findSurface(['say', '--message', '--json'], () => false, valuesOf)).toBeUndefined();
    // A `--` the host takes as a value ends nothing.
    expect(findSurface(['say', '--message', '--', '--json'], () => false, valuesOf)).toBe('--json');
    // `--explain`'s option name is burgee's: the host reads the line without the two.
    expect(findSurfaces(['say', '--explain', '--message', '--json'], () => false, valuesOf)).toEqual([
      { flag: '--explain', at: 1 },
      { flag: '--json', at: 3 },
    ]);
  });

  it('K3 · completion and mcp are added only where the program has no command of that name', () => {
    expect(namesAddedCommand(['completion', 'bash'], () => false)).toBe(true);
    expect(namesAddedCommand(['--json', 'mcp', 'config'], () => false)).toBe(true);
    expect(namesAddedCommand(['mcp'], (name) => name === 'mcp')).toBe(false);
    expect(namesAddedCommand(['help'], () => false)).toBe(false);
  });
});
