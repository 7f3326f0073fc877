import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/cli.js';

// The public export list of each entry, written out: a name added or removed shows in review.
const LOCKED = {
  burgee: [
    'AuthError',
    'BurgeeError',
    'ConfigError',
    'DefinitionError',
    'Effects',
    'ExitCode',
    'RESERVED_OPTIONS',
    'UsageError',
    'buildManifest',
    'defineCommand',
    'defineError',
    'defineProgram',
    'detectAgent',
    'run',
  ],
  'burgee/testing': ['connectMcp', 'envelopeOf', 'runProgram', 'startMcpHttp'],
  'burgee/mcp': [
    'findToolCommand',
    'listToolCommands',
    'serveMcp',
    'toAnnotations',
    'toArgv',
    'toMcpTool',
    'toMcpTools',
    'toOutputSchema',
    'toolName',
  ],
} as const;

const entries = Object.keys(LOCKED) as (keyof typeof LOCKED)[];

describe('the public export lists are locked', () => {
  it.each(entries)('N4 · %s exports exactly its locked names', async (entry) => {
    const loaded = (await import(entry)) as Record<string, unknown>;
    expect(Object.keys(loaded).sort()).toEqual([...LOCKED[entry]].sort());
  });

  it('N4 · the built files a user imports export the same names', () => {
    // A child process, so the names come from dist/ as Node resolves them for a user, not from src/.
    const script = `Promise.all(${JSON.stringify(entries)}.map(async (e) => Object.keys(await import(e)).sort())).then((k) => console.log(JSON.stringify(k)))`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/', LANG: 'C.UTF-8' },
    });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(entries.map((entry) => [...LOCKED[entry]].sort()));
  });
});
