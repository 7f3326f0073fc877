// A stack trace names files that exist (N1): burgee's dist/ is the bundler's output, each file with
// its source map beside it, so `--enable-source-maps` leads to the TypeScript sources and a trace
// without it to the built file itself.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** The file of every stack frame burgee's own code ran in (`at f (file:line:col)` or `at file:line:col`). */
function burgeeFrames(stderr: string): string[] {
  const files = [...stderr.matchAll(/^\s+at (?:.*? \()?((?:file:\/\/)?\/[^():]+):\d+:\d+\)?$/gm)].map((m) =>
    m[1]!.startsWith('file://') ? fileURLToPath(m[1]!) : m[1]!,
  );
  return files.filter((file) => file.startsWith(`${repoRoot}packages/`) && !file.includes('/test/'));
}

const cases: [string, string, string[], Record<string, string>, RegExp][] = [
  ['a DefinitionError', 'definition-error.mjs', [], {}, /DefinitionError: burgee: 2 problems/],
  ['an error thrown by a handler', 'handler-throws.mjs', ['go'], { BURGEE_DEBUG: '1' }, /Error: boom/],
];

describe('N1 · a stack trace names source files that exist', () => {
  it.each(cases)(
    'N1 · %s, under --enable-source-maps, names burgee’s TypeScript sources',
    async (_, file, args, env, says) => {
      const result = await runCli(fixture(file), args, { env, nodeFlags: ['--enable-source-maps'] });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(says);
      const frames = burgeeFrames(result.stderr);
      expect(frames.length).toBeGreaterThan(0);
      expect(frames.filter((frame) => !frame.endsWith('.ts'))).toEqual([]);
      expect(frames.filter((frame) => !existsSync(frame))).toEqual([]);
    },
  );

  it.each(cases)(
    'N1 · %s, without source maps, names the built files, which exist',
    async (_, file, args, env, says) => {
      const result = await runCli(fixture(file), args, { env });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(says);
      const frames = burgeeFrames(result.stderr);
      expect(frames.length).toBeGreaterThan(0);
      expect(frames.filter((frame) => !frame.includes('/packages/burgee/dist/'))).toEqual([]);
      expect(frames.filter((frame) => !existsSync(frame))).toEqual([]);
    },
  );
});
