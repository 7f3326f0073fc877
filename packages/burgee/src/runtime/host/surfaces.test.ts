import { describe, expect, it } from 'vitest';
import { ADDED_COMMANDS, findSurface, namesAddedCommand, SURFACE_FLAGS } from './surfaces.js';

// What an adapter's entry scans argv for, read from the two tables; restated here by hand, so a row
// that starts or stops reaching commander and yargs programs is a decision this test makes visible.
describe("what an adapter's entry scans for", () => {
  it('F1 · the surface flags are the foreign rows of the flag table; the added commands all synthesised ones but help', () => {
    expect([...SURFACE_FLAGS].sort()).toEqual(['--json', '--llms', '--mcp', '--schema']);
    expect([...ADDED_COMMANDS].sort()).toEqual(['__complete', 'completion', 'mcp', 'skills']);
  });

  it('F3 · a flag the program declares, or one after --, is not a surface; --mcp and --schema win over --json', () => {
    expect(findSurface(['deploy', '--json'], () => false)).toBe('--json');
    expect(findSurface(['deploy', '--json'], (flag) => flag === '--json')).toBeUndefined();
    expect(findSurface(['deploy', '--', '--json'], () => false)).toBeUndefined();
    expect(findSurface(['--json', '--mcp'], () => false)).toBe('--mcp');
    expect(findSurface(['--json', '--schema'], () => false)).toBe('--schema');
    expect(findSurface(['--json', '--schema'], (flag) => flag === '--schema')).toBe('--json');
    expect(findSurface(['--http', '0', '--explain', 'x', '--format', 'json'], () => false)).toBeUndefined();
  });

  it('K3 · completion and mcp are added only where the program has no command of that name', () => {
    expect(namesAddedCommand(['completion', 'bash'], () => false)).toBe(true);
    expect(namesAddedCommand(['--json', 'mcp', 'config'], () => false)).toBe(true);
    expect(namesAddedCommand(['mcp'], (name) => name === 'mcp')).toBe(false);
    expect(namesAddedCommand(['help'], () => false)).toBe(false);
  });
});
