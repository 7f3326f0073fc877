import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CliResult, repoRoot, runCli } from './cli.js';

/**
 * One program of a differential corpus: its source (with `__IMPORT__` for the module), the argvs it
 * is run with, and `calls`: for each tool, command lines whose `--json` data a `tools/call` with the
 * same arguments must give (test/adapters.mcp.differential.test.ts); a line the host refuses names
 * the arguments that stand for it.
 */
export type Case = {
  title: string;
  source: string;
  runs: readonly (readonly string[])[];
  env?: Record<string, string>;
  calls?: readonly (readonly [tool: string, argv: readonly string[], args?: Record<string, unknown>])[];
};

/** One program written twice, importing the host library and importing burgee's adapter, under the same file name. */
export type Pair = { host: string; adapter: string; dir: string };

/**
 * Writes each case as `host/<n>/cli.mjs` and `adapter/<n>/cli.mjs` (or `file`: `cli.cjs` for a
 * CommonJS program) below the repository's node_modules, so both resolve the real packages and
 * commander names both programs alike (from the file name).
 */
export function writePairs(
  cases: readonly Case[],
  hostModule: string,
  adapterModule: string,
  file = 'cli.mjs',
): { pairs: Pair[]; dispose(): void } {
  const cache = join(repoRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'burgee-differential-'));
  const pairs = cases.map((c, i) => {
    const write = (side: string, module: string) => {
      const folder = join(dir, side, String(i));
      mkdirSync(folder, { recursive: true });
      const path = join(folder, file);
      writeFileSync(path, c.source.replaceAll('__IMPORT__', module));
      return path;
    };
    return { host: write('host', hostModule), adapter: write('adapter', adapterModule), dir };
  });
  return { pairs, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What a run printed with the program's own folder written alike, so host and adapter compare line for line. */
export function normalise(result: CliResult, file: string): { code: number | null; stdout: string; stderr: string } {
  const folder = file.slice(0, file.lastIndexOf('/'));
  const scrub = (text: string) =>
    text.replaceAll(folder, '<dir>').replace(/\/[^\s]*node_modules\/commander\//g, '<commander>/');
  return { code: result.code, stdout: scrub(result.stdout), stderr: scrub(result.stderr) };
}

/** Runs both programs of a pair with the same argv and environment. */
export async function runPair(pair: Pair, argv: readonly string[], env: Record<string, string> = {}) {
  const [host, adapter] = await Promise.all([runCli(pair.host, argv, { env }), runCli(pair.adapter, argv, { env })]);
  return { host: normalise(host, pair.host), adapter: normalise(adapter, pair.adapter) };
}
