import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { example, repoRoot, runCli } from './support/cli.js';
import { connectStdio } from './support/mcp.js';

// N1 is proved on what a real process actually loaded, recorded by a module-loading hook
// (support/record-loads.mjs), not on what the source appears to import.
const recorder = fileURLToPath(new URL('./support/record-loads.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'burgee-cold-start-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let runs = 0;

/** Runs `node <script> ...args` with the recorder preloaded; returns the exit code and every loaded URL. */
async function loadsOf(
  script: string,
  args: readonly string[],
  cwd?: string,
): Promise<{ code: number | null; urls: string[] }> {
  const file = join(scratch, `loads-${++runs}.txt`);
  const env = { NODE_OPTIONS: `--import ${recorder}`, RECORD_LOADS_FILE: file };
  const result = await runCli(script, args, cwd === undefined ? { env } : { env, cwd });
  if (result.stderr.includes('record-loads')) throw new Error(result.stderr);
  return { code: result.code, urls: [...new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean))] };
}

const burgeeDist = `file://${repoRoot}packages/burgee/dist/`;
const roundelDist = `file://${repoRoot}packages/roundel/dist/`;
const examples = `file://${repoRoot}examples/`;
const workspaces = `file://${repoRoot}packages/`;
/** Everything a cold run may load: builtins, the two built packages (real paths, not node_modules), the example. */
const allowed = ['node:', burgeeDist, roundelDist, examples];

// Restated from N1: what must wait for first use.
const forbidden: ReadonlyArray<readonly [string, RegExp]> = [
  // Installed, or bundled into burgee's own vendor chunk (scripts/bundle.mjs).
  ['MCP SDK', /\/@modelcontextprotocol\/|\/dist\/chunks\/vendor-mcp-sdk-/],
  // caique is compiled into burgee as a chunk of its own (scripts/bundle.mjs), or installed on its own.
  ['prompt library', /\/@clack\/|\/caique\/|\/dist\/chunks\/caique-/],
  ['adapter host', /\/node_modules\/(commander|yargs)\//],
  ['completion template', /\/completions\/|completion[^/]*$/i],
  // The skills and the llms index (L1, L5): the chunks of the two surfaces and of the projection's text.
  ['skills projection', /\/dist\/chunks\/(skills-command|llms-surface|command-section)-[\w-]+\.js$/],
];

function offenders(urls: readonly string[]): string[] {
  return urls.flatMap((url) => forbidden.filter(([, pattern]) => pattern.test(url)).map(([what]) => `${what}: ${url}`));
}

/** The package each loaded file belongs to: its node_modules name, or its workspace folder (symlinks resolve there). */
function packagesOf(urls: readonly string[]): string[] {
  const names = urls.flatMap((url) => {
    const installed = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
    const workspace = url.startsWith(workspaces) ? url.slice(workspaces.length).split('/')[0] : undefined;
    const name = installed ?? workspace;
    return name === undefined ? [] : [name];
  });
  return [...new Set(names)].sort();
}

/** The drawing library a prompt loads (caique draws a progress line itself). */
const drawing = /\/node_modules\/@clack\//;
/** caique, compiled into burgee as a chunk loaded when something is asked, refused or drawn. */
const caiqueChunk = new RegExp(`^${burgeeDist}chunks/caique-[\\w-]+\\.js$`);

const runsOfDeploy: ReadonlyArray<readonly [string, readonly string[], number]> = [
  ['a command', ['deploy', '--target', 'prod', '--yes', '--json'], 0],
  ['--help', ['--help'], 0],
  ['--schema', ['--schema'], 0],
  ['a usage error', ['deploy', '--targt', 'prod'], 2],
  ['help deploy', ['help', 'deploy'], 0],
];

describe('N1 · cold start loads only burgee (roundel is compiled into its core)', () => {
  it.each(runsOfDeploy)(
    'N1 · %s loads no MCP SDK, prompt library, adapter host or completion template',
    async (_, args, exit) => {
      const { code, urls } = await loadsOf(example('deploy'), args);
      expect(code).toBe(exit);
      // Not vacuous: the recorder saw the program and burgee's own files.
      expect(urls).toContain(`${examples}deploy/cli.mjs`);
      expect(urls).toContain(`${burgeeDist}index.js`);
      expect(offenders(urls)).toEqual([]);
      expect(packagesOf(urls)).toEqual(['burgee']);
      const elsewhere = urls.filter((url) => !allowed.some((prefix) => url.startsWith(prefix)));
      expect(elsewhere).toEqual([]);
    },
  );

  /** burgee's files a run loaded, the core chunk's content hash left out. */
  const burgeeFiles = (urls: readonly string[]) =>
    urls.filter((url) => url.startsWith(burgeeDist)).map((url) => url.replace(/-[\w-]+\.js$/, '-<hash>.js'));

  it('N1 · a plain command run loads two files of burgee: dist/index.js and the core chunk it re-exports', async () => {
    const { code, urls } = await loadsOf(example('deploy'), ['deploy', '--target', 'prod', '--yes', '--json']);
    expect(code).toBe(0);
    expect(burgeeFiles(urls).sort()).toEqual([`${burgeeDist}chunks/core-<hash>.js`, `${burgeeDist}index.js`]);
  });

  it('N1 · --help is in the core: it loads the same two files, as a command run does', async () => {
    const { code, urls } = await loadsOf(example('deploy'), ['--help']);
    expect(code).toBe(0);
    expect(burgeeFiles(urls).sort()).toEqual([`${burgeeDist}chunks/core-<hash>.js`, `${burgeeDist}index.js`]);
  });

  it('N1 · --schema loads more of burgee on demand, so the checks above can fail', async () => {
    const { code, urls } = await loadsOf(example('deploy'), ['--schema']);
    expect(code).toBe(0);
    expect(urls).toContainEqual(expect.stringMatching(/\/dist\/chunks\/schema-surface-[\w-]+\.js$/));
    expect(urls).toContainEqual(expect.stringMatching(/\/dist\/chunks\/core-[\w-]+\.js$/));
  });

  it('N1 · no export of the built burgee pulls those modules in when read', async () => {
    // Read every export and every property of it (getters included), then let any async import settle.
    const code = `import('burgee').then(async (m) => {
      for (const value of Object.values(m)) {
        if ((typeof value === 'object' || typeof value === 'function') && value !== null) {
          for (const key of Reflect.ownKeys(value)) { try { void value[key]; } catch {} }
        }
      }
      await new Promise((r) => setTimeout(r, 50));
      process.stdout.write(Object.keys(m).join(','));
    })`;
    const { code: exit, urls } = await loadsOf('-e', [code]);
    expect(exit).toBe(0);
    expect(urls).toContain(`${burgeeDist}index.js`);
    expect(offenders(urls)).toEqual([]);
    expect(packagesOf(urls)).toEqual(['burgee']);
  });

  it('N1 · serving MCP does load the SDK, from the chunk burgee bundles it into, so the check above can fail', async () => {
    const { urls } = await loadsOf(example('deploy'), ['--mcp']);
    expect(offenders(urls)).toHaveLength(1);
    expect(offenders(urls)[0]).toMatch(
      /^MCP SDK: file:\/\/.*\/packages\/burgee\/dist\/chunks\/vendor-mcp-sdk-[\w-]+\.js$/,
    );
    expect(packagesOf(urls)).toEqual(['burgee']);
  });

  it('N1 · `completion bash` does load the completion scripts: the check above can see them', async () => {
    const { code, urls } = await loadsOf(example('deploy'), ['completion', 'bash']);
    expect(code).toBe(0);
    // The script generators, and the `completion` command that loads them: each its own chunk now.
    const loaded = offenders(urls).filter((offender) => offender.startsWith('completion template:'));
    expect(loaded).toContainEqual(expect.stringMatching(/\/dist\/chunks\/render-completion-[\w-]+\.js$/));
  });

  it.each([
    ['skills print', ['skills', 'print'], /\/dist\/chunks\/skills-command-[\w-]+\.js$/],
    ['--llms', ['--llms'], /\/dist\/chunks\/llms-surface-[\w-]+\.js$/],
  ])('N1 · `%s` does load the skills projection: the check above can see it', async (_, args, chunk) => {
    const { code, urls } = await loadsOf(example('deploy'), args);
    expect(code).toBe(0);
    const loaded = offenders(urls).filter((offender) => offender.startsWith('skills projection:'));
    expect(loaded).toContainEqual(expect.stringMatching(chunk));
    expect(loaded).toContainEqual(expect.stringMatching(/\/dist\/chunks\/command-section-[\w-]+\.js$/));
  });

  it('N1 · K4 · skills print loads no writer of user files; skills add does', async () => {
    const writer = /\/dist\/chunks\/(skills-add|update)-[\w-]+\.js$/;
    const print = await loadsOf(example('deploy'), ['skills', 'print']);
    expect(print.urls.filter((url) => writer.test(url))).toEqual([]);
    const add = await loadsOf(example('deploy'), ['skills', 'add', '--dry-run'], scratch);
    expect(add.code).toBe(0);
    expect(add.urls.filter((url) => writer.test(url))).toHaveLength(2);
  });

  it('N1 · the recorder does see a forbidden module when one is loaded', async () => {
    const { code, urls } = await loadsOf('-e', ["import('commander').then(() => {})"]);
    expect(code).toBe(0);
    expect(offenders(urls)).toContain(`adapter host: file://${repoRoot}node_modules/commander/esm.mjs`);
    expect(packagesOf(urls)).toEqual(['commander']);
  });
});

const adapterFixtures = fileURLToPath(new URL('./fixtures/adapters/', import.meta.url));
const adapterRuns: ReadonlyArray<readonly [string, readonly string[], number]> = [
  ['a command', ['deploy', 'prod'], 0],
  ['--help', ['--help'], 0],
  ['--version', ['--version'], 0],
  ['a missing argument', ['deploy'], 1],
];

// An adapter program that uses none of burgee's surfaces pays for its adapter's entry file and
// nothing else of burgee's: no shared chunk, so not the core every native program loads (N1, F1).
// burgee/commander's entry is CommonJS, as commander is; burgee/yargs', an ES module, as yargs is.
// An ES module program and a CommonJS one load the same single file. (A CommonJS program loads
// yargs' ES modules through require(), which on Node 20 no hook sees: there the recorder sees only
// the first of them, burgee's entry.)
const adapterPrograms = [
  ['commander', 'mjs', 'commander.cjs', true],
  ['commander', 'cjs', 'commander.cjs', true],
  ['yargs', 'mjs', 'yargs.js', true],
  ['yargs', 'cjs', 'yargs.js', false],
] as const;
describe.each(adapterPrograms)('N1 · a plain run of a burgee/%s program (.%s)', (host, kind, entry, hostSeen) => {
  const script = `${adapterFixtures}${host}.${kind}`;

  it.each(adapterRuns)('N1 · %s loads one file of burgee: its entry', async (_, args, exit) => {
    const { code, urls } = await loadsOf(script, args);
    expect(code).toBe(exit);
    expect(urls).toContain(`file://${script}`);
    expect(urls.filter((url) => url.startsWith(burgeeDist))).toEqual([`${burgeeDist}${entry}`]);
    expect(urls.filter((url) => url.startsWith(roundelDist))).toEqual([]);
    if (hostSeen) expect(packagesOf(urls)).toContain(host);
  });

  it('N1 · --schema loads the rest of burgee on demand, so the check above can fail', async () => {
    const { code, urls } = await loadsOf(script, ['--schema']);
    expect(code).toBe(0);
    expect(urls).toContain(`${burgeeDist}chunks/${host}-start.js`);
    expect(urls).toContain(`${burgeeDist}index.js`);
  });
});

describe('N1 · A6 · H5 · prompts and progress load only when something is drawn', () => {
  it.each<readonly [string, readonly string[], number]>([
    ['prompted options given as flags', ['rollback', '--service', 'api', '--reason', 'x', '--json'], 0],
    ['progress reported to a pipe', ['db', 'backup', '--tables', '2', '--pace', '1'], 0],
  ])('N1 · %s: neither caique nor a drawing library is loaded', async (_, args, exit) => {
    // In a scratch folder: rollback appends to ./.ship-rollbacks.log.
    const { code, urls } = await loadsOf(example('ship'), args, scratch);
    expect(code).toBe(exit);
    expect(urls).toContain(`${examples}ship/cli.mjs`);
    expect(offenders(urls)).toEqual([]);
    expect(packagesOf(urls)).toEqual(['burgee']);
  });

  it('N1 · a refusal loads caique (which decides and refuses) but no drawing library', async () => {
    const { code, urls } = await loadsOf(example('ship'), ['rollback', '--json']);
    expect(code).toBe(2);
    expect(urls.filter((url) => caiqueChunk.test(url))).toHaveLength(1);
    expect(urls.filter((url) => drawing.test(url))).toEqual([]);
    expect(packagesOf(urls)).toEqual(['burgee']);
  });
});

describe('N1 · an MCP server takes Node’s modules without building their ES facades', () => {
  // Each of these is loaded only by importing a module as ES (its facade reads every export) or by
  // node:crypto, which an MCP server loads only when it asks a question: together about 20 ms of a
  // server's start on Node 20. (The SDK itself imports node:process as an ES module, which reads
  // process.report: that is the SDK's code as it ships, and stays so.)
  const facades: ReadonlyArray<readonly [string, string]> = [
    ['node:crypto', 'crypto'],
    ['node:util as an ES module (its facade reads parseArgs)', 'internal/util/parse_args/parse_args'],
    ['node:fs as an ES module (its facade reads ReadStream)', 'internal/fs/streams'],
  ];
  it('N1 · spawn → first tool result loads none of them', async () => {
    const file = join(scratch, 'mcp-builtins.txt');
    const preload = fileURLToPath(new URL('./fixtures/report-builtins.mjs', import.meta.url));
    const server = await connectStdio(example('deploy'), {
      env: { NODE_OPTIONS: `--import ${preload}`, REPORT_BUILTINS_FILE: file },
    });
    const result = await server.client.callTool({ name: 'deploy', arguments: { target: 'prod', yes: true } });
    expect(result.isError).toBeFalsy();
    await server.close();
    for (let waited = 0; !existsSync(file) && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    const loaded = readFileSync(file, 'utf8').split('\n');
    // The report itself is real: the server's own stdio is there.
    expect(loaded).toContain('net');
    expect(facades.filter(([, module]) => loaded.includes(module)).map(([what]) => what)).toEqual([]);
  });
});
