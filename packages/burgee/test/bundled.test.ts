// A program bundled into one file by a common bundler keeps every surface (N1, N4): burgee's every
// `import()` names a file the bundler follows, so the lazily loaded parts travel inside the bundle.
// The file is copied alone into an empty folder, away from any node_modules, and run there.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build as esbuild } from 'esbuild';
import { build as rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example, runCli } from './support/cli.js';
import { connectStdio } from './support/mcp.js';

const scratch = mkdtempSync(join(tmpdir(), 'burgee-bundled-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Each bundler's one-file ES module of examples/ship, as its own API writes it. */
const bundlers: Record<string, () => Promise<string>> = {
  rolldown: async () => {
    const { output } = await rolldown({
      input: example('ship'),
      platform: 'node',
      logLevel: 'silent',
      write: false,
      output: { format: 'esm', codeSplitting: false },
    });
    expect(output.filter((item) => item.type === 'chunk')).toHaveLength(1);
    return output[0].code;
  },
  esbuild: async () => {
    const result = await esbuild({
      entryPoints: [example('ship')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(result.outputFiles).toHaveLength(1);
    return result.outputFiles[0]!.text;
  },
};

/** The paths compared, each run in a folder of its own so a run's files cannot reach another. */
const paths: [string, string[]][] = [
  ['--help', ['--help']],
  ['a command with --json', ['status', '--problems', '--json']],
  ['--schema', ['--schema']],
  ['--llms', ['--llms']],
  ['skills print', ['skills', 'print']],
  ['completion bash', ['completion', 'bash']],
  ['a usage error', ['status', '--problms']],
];

/** Runs `script` with `args` in a new empty folder; the folder's path never reaches the output compared. */
const runIn = (script: string, args: readonly string[]) => {
  const cwd = mkdtempSync(join(scratch, 'cwd-'));
  return runCli(script, args, { cwd, timeoutMs: 30_000 });
};

/** The tool list and one `tools/call` of `status` through the official client, over stdio. */
async function callStatus(script: string): Promise<unknown> {
  const { client, close } = await connectStdio(script, { cwd: mkdtempSync(join(scratch, 'mcp-')) });
  try {
    const tools = await client.listTools();
    const result = await client.callTool({ name: 'status', arguments: { problems: true } });
    return { tools, result };
  } finally {
    await close();
  }
}

describe.each(Object.keys(bundlers))('N4 · examples/ship bundled by %s into one file, copied alone', (bundler) => {
  let bundled: string;
  beforeAll(async () => {
    const folder = join(scratch, bundler);
    mkdirSync(folder);
    bundled = join(folder, 'ship.mjs');
    writeFileSync(bundled, await bundlers[bundler]!());
  }, 60_000);

  it.each(paths)('N4 · %s gives the same bytes and exit code as the program from its sources', async (_, args) => {
    const [ours, original] = await Promise.all([runIn(bundled, args), runIn(example('ship'), args)]);
    expect(original.stdout.length + original.stderr.length).toBeGreaterThan(0);
    expect({ code: ours.code, stdout: ours.stdout, stderr: ours.stderr }).toEqual({
      code: original.code,
      stdout: original.stdout,
      stderr: original.stderr,
    });
  });

  it('N4 · --mcp: the tool list and one tools/call through the official client are the same', async () => {
    const [ours, original] = await Promise.all([callStatus(bundled), callStatus(example('ship'))]);
    expect(JSON.stringify(original)).toContain('"isError":false');
    expect(ours).toEqual(original);
  }, 30_000);
});
