// E3, N2 over every kind of stdout a caller gives a program: a pipe, a regular file, /dev/null and
// a terminal. Whatever the path, stdout holds exactly the one document a pipe gets, byte for byte,
// and stderr only what is meant for people (a handler's own line), never the document.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { example, repoRoot } from './support/cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'burgee-stdout-kinds-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const bin = `${repoRoot}packages/burgee/bin/cli.mjs`;
const prints = `${repoRoot}packages/burgee/test/fixtures/handler-prints.mjs`;
const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', LANG: 'C.UTF-8' };

/** Each path: the words after `node`, the exit code, and what stderr must hold. */
const PATHS: Record<string, { argv: string[]; code: number; stderr: string }> = {
  command: { argv: [example('ship'), 'status', '--json'], code: 0, stderr: '' },
  'a handler that prints': { argv: [prints, '--json'], code: 0, stderr: 'from the handler\n' },
  error: { argv: [example('ship'), 'status', '--problms', '--json'], code: 2, stderr: '' },
  check: { argv: [bin, 'check', example('deploy'), '--json'], code: 0, stderr: '' },
  diff: { argv: [bin, 'diff', example('deploy'), example('deploy'), '--json'], code: 0, stderr: '' },
  '--schema': { argv: [example('ship'), '--schema'], code: 0, stderr: '' },
};

type Kind = 'pipe' | 'file' | '/dev/null' | 'terminal' | 'closed';
type Run = { code: number | null; stdout: string | undefined; stderr: string };
let runs = 0;

/** Quotes a word for the POSIX shell `script` runs the command with. */
const sh = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

/** Runs `node ...argv` with stdout of the kind given; stdout is undefined where it cannot be read back. */
function runWith(kind: Kind, argv: readonly string[]): Run {
  const options = { env, cwd: repoRoot, encoding: 'utf8' as const, timeout: 30_000 };
  if (kind === 'terminal') {
    // util-linux `script` gives the program a pseudo-terminal for stdin, stdout and stderr; stderr
    // goes to a file so the two can be told apart. The terminal writes each \n as \r\n.
    const stderrFile = join(scratch, `stderr-${++runs}`);
    const line = `${[process.execPath, ...argv].map(sh).join(' ')} 2>${sh(stderrFile)}`;
    const result = spawnSync('script', ['-qefc', line, '/dev/null'], { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    return {
      code: result.status,
      stdout: result.stdout.replaceAll('\r\n', '\n'),
      stderr: readFileSync(stderrFile, 'utf8'),
    };
  }
  if (kind === 'closed') {
    // Closed by the shell (`>&-`): Node opens /dev/null in its place at start, so nothing written
    // there can be read back, and nothing may fail or move to stderr because of it.
    const line = `${[process.execPath, ...argv].map(sh).join(' ')} >&-`;
    const result = spawnSync('sh', ['-c', line], { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    return { code: result.status, stdout: undefined, stderr: result.stderr };
  }
  if (kind === 'pipe') {
    const result = spawnSync(process.execPath, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  }
  const file = kind === 'file' ? join(scratch, `stdout-${++runs}`) : '/dev/null';
  const result = spawnSync(process.execPath, argv, { ...options, stdio: ['ignore', openSync(file, 'w'), 'pipe'] });
  return {
    code: result.status,
    stdout: kind === 'file' ? readFileSync(file, 'utf8') : undefined,
    stderr: result.stderr,
  };
}

describe('E3 · N2 · one document on stdout, whatever stdout is', () => {
  /** What each path prints through a pipe, the kind every other test uses: the reference. */
  const reference = Object.fromEntries(Object.entries(PATHS).map(([name, path]) => [name, runWith('pipe', path.argv)]));

  it.each(Object.keys(PATHS))(
    'N2 · %s through a pipe: one JSON document, the exit code and stderr expected',
    (name) => {
      const { code, stdout, stderr } = reference[name]!;
      const path = PATHS[name]!;
      expect({ code, stderr }).toEqual({ code: path.code, stderr: path.stderr });
      expect(stdout?.endsWith('\n')).toBe(true);
      expect(stdout?.trimEnd().includes('\n')).toBe(false);
      expect(() => JSON.parse(stdout!)).not.toThrow();
    },
  );

  it('E3 · N2 · every path × file, /dev/null, terminal and closed: the pipe’s bytes on stdout, stderr only for people (probe: json-into-file)', () => {
    const kinds = fc.constantFrom<Kind>('file', '/dev/null', 'terminal', 'closed');
    const paths = fc.constantFrom(...Object.keys(PATHS));
    fc.assert(
      fc.property(kinds, paths, (kind, name) => {
        const run = runWith(kind, PATHS[name]!.argv);
        const expected = reference[name]!;
        expect({ kind, name, code: run.code, stderr: run.stderr }).toEqual({
          kind,
          name,
          code: expected.code,
          stderr: expected.stderr,
        });
        if (run.stdout !== undefined)
          expect({ kind, name, stdout: run.stdout }).toEqual({ kind, name, stdout: expected.stdout });
      }),
      // 4 kinds × 6 paths: enough draws to meet every pair with room to spare.
      { numRuns: 80 },
    );
  }, 180_000);
});
