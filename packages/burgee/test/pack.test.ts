// What a stranger gets: a copy of the repository (as git sees it, so nothing built) in a scratch
// folder, where the README's quick-start commands run exactly as the README writes them: install,
// pack the release, make a project beside the repository and install the burgee tarball alone
// (caique and roundel are compiled into it; the rest comes from the registry). The quick start then
// runs there in JavaScript and in strict TypeScript without @types/node, and what got installed is
// weighed and accounted for, package by package.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/cli.js';
import { matchesTranscript, readBlocks, readConsole } from './support/doc-blocks.js';
import { installedPackages, unaccounted } from './support/installed-list.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'burgee-pack-'));
const copy = join(tmp, 'burgee');
const home = join(tmp, 'home');
const run = (command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env) =>
  // stdin closed: given a socket, bash takes itself for a remote shell and reads /etc/bash.bashrc.
  spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 600_000, stdio: ['ignore', 'pipe', 'pipe'] });

/** A copy of the repository as git sees it: tracked and untracked files, no dist/, no node_modules. */
function copyRepository(): void {
  const listed = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], repoRoot);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    try {
      copyFileSync(join(repoRoot, file), join(copy, file));
    } catch {
      // A file git still lists but this working tree deleted: nothing to copy.
    }
  }
}

const readme = readBlocks('README.md', readFileSync(join(repoRoot, 'README.md'), 'utf8'));
const quickStartLine = readFileSync(join(repoRoot, 'README.md'), 'utf8').split('\n').indexOf('## Quick start') + 1;
const install = readme.find((b) => b.lang === 'sh' && b.line > quickStartLine)!;
const quickStart = readme.find((b) => b.file === 'cli.mjs')!;
const transcript = readConsole(readme.find((b) => b.lang === 'console' && b.line > quickStart.line)!.code);
/** The project the README makes: the last `cd` of its install block, from the repository. */
const project = join(copy, /cd (\S+) *(?:&&|$)/m.exec(install.code)?.[1] ?? 'missing-cd');
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
// The user's npm cache, so that the registry's packages are not all downloaded again.
const npmCache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
// What the user's network needs to reach the registry stays: a proxy and the certificates that
// vouch for it. npm reads its cafile from a global npmrc found beside the running node, so a Node.js
// installed elsewhere (Node 24 from the registry, in CI) would lose it with the rest of the env.
const network = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) =>
      /^(https?_proxy|no_proxy)$/i.test(name) || /^(NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR)$/.test(name),
  ),
);
const userEnv = {
  ...network,
  PATH: process.env.PATH ?? '',
  HOME: home,
  LANG: 'C.UTF-8',
  npm_config_cache: npmCache,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};

let steps: ReturnType<typeof run>;
beforeAll(() => {
  copyRepository();
  mkdirSync(home);
  // Exactly the README's lines, one bash script, stopping at the first that fails.
  steps = run('bash', ['-euo', 'pipefail', '-c', install.code], copy, userEnv);
}, 900_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }), 120_000);

/** Runs each `$ node cli.mjs …` line of the README with `script` in its place, as a user's shell would. */
function expectTranscript(script: string): void {
  for (const step of transcript) {
    const args = step.command.replace(/^node cli\.mjs\s*/, '').split(/\s+/);
    const result = spawnSync(process.execPath, [script, ...args], {
      cwd: project,
      env: { PATH: process.env.PATH ?? '', HOME: home, LANG: 'C.UTF-8' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const printed = (result.stdout + result.stderr).replace(/\n+$/, '').split('\n');
    const shown = step.expected.join('\n').replace(/\n+$/, '').split('\n');
    if (!matchesTranscript(shown, printed)) expect(printed.join('\n')).toBe(shown.join('\n'));
  }
}

/** Compiles `files` in `dir` with the strictest settings and no `skipLibCheck`; returns what tsc printed. */
function compile(dir: string, files: Record<string, string>, types?: string[]): { status: number | null; out: string } {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const options = {
    strict: true,
    skipLibCheck: false,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    outDir: 'out',
    ...(types === undefined ? {} : { types }),
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, include: ['*.mts'] }));
  const result = run(process.execPath, [tsc, '-p', dir], project);
  return { status: result.status, out: result.stdout + result.stderr };
}

describe("N4 · the README's quick start, run as written by a stranger", () => {
  it("N4 · the README's install lines pack the release and install the burgee tarball alone", () => {
    expect(steps.status, steps.stderr).toBe(0);
    const tarballs = readdirSync(join(copy, '.release')).sort();
    // caique and roundel stay publishable on their own; the project needed only burgee's.
    expect(tarballs.map((t) => t.replace(/-\d+\.\d+\.\d+\.tgz$/, ''))).toEqual(['burgee', 'caique', 'roundel']);
    expect(install.code).toMatch(/npm install "\$tarball"/);
    expect(existsSync(join(project, 'node_modules/burgee/package.json'))).toBe(true);
    expect(existsSync(join(project, 'node_modules/caique'))).toBe(false);
    expect(existsSync(join(project, 'node_modules/roundel'))).toBe(false);
  });

  it('N4 · a release builds in a copy: the dist/ that tests and programs use is left as it was, and no timing table is printed (probe: release-in-place)', () => {
    const dist = join(copy, 'packages/burgee/dist');
    writeFileSync(join(dist, 'in-use.marker'), 'a test run is reading this dist/');
    const before = statSync(join(dist, 'cli.js')).mtimeMs;
    const release = run('npm', ['run', 'release', '--silent'], copy, userEnv);
    expect(release.status, release.stderr).toBe(0);
    expect(existsSync(join(dist, 'in-use.marker'))).toBe(true);
    expect(statSync(join(dist, 'cli.js')).mtimeMs).toBe(before);
    expect(release.stdout + release.stderr).not.toMatch(/timing|took|PLUGIN/i);
    expect(release.stdout).toMatch(/^burgee-\d+\.\d+\.\d+\.tgz {2}/m);
  }, 300_000);

  it('N4 · the tarball holds only what its exports need: no source maps, sources or fixtures', () => {
    const tarball = readdirSync(join(copy, '.release')).find((f) => f.startsWith('burgee-'))!;
    const files = run('tar', ['-tzf', join(copy, '.release', tarball)], tmp)
      .stdout.trim()
      .split('\n');
    expect(files).toContain('package/dist/index.d.ts');
    expect(files).toContain('package/dist/vendor/caique/index.d.ts');
    expect(files).toContain('package/LICENSE');
    expect(files.filter((f) => /\.map$|\.test\.|\/src\/|fixtures/.test(f))).toEqual([]);
  });

  it('N4 · the installed package.json leads every export with types, points nowhere into src/, and names the bundled SDK', () => {
    const installed = join(project, 'node_modules/burgee');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['@clack/prompts', 'smol-toml']);
    expect(manifest.vendored['@modelcontextprotocol/server']).toMatch(/^\d+\.\d+\.\d+$/);
    const conditions: Record<string, string>[] = [];
    const targets: string[] = [];
    const visit = (value: unknown): void => {
      if (typeof value === 'string') targets.push(value);
      else if (value !== null && typeof value === 'object') {
        if (!Object.keys(value).some((key) => key.startsWith('.'))) conditions.push(value as Record<string, string>);
        for (const inner of Object.values(value)) visit(inner);
      }
    };
    visit(manifest.exports);
    expect(conditions.length).toBeGreaterThan(0);
    for (const entry of conditions) expect(Object.keys(entry)[0]).toBe('types');
    expect(targets.filter((target) => target.includes('src/'))).toEqual([]);
    for (const target of targets) expect(existsSync(join(installed, target)), target).toBe(true);
  });

  it('N4 · the quick start, in JavaScript, prints what the README shows', () => {
    writeFileSync(join(project, 'cli.mjs'), quickStart.code);
    expectTranscript(join(project, 'cli.mjs'));
  });

  it('N4 · the quick start, in TypeScript: strict, no skipLibCheck, no @types/node, no SDK; then it runs', () => {
    expect(existsSync(join(project, 'node_modules/@types/node'))).toBe(false);
    expect(existsSync(join(project, 'node_modules/@modelcontextprotocol'))).toBe(false);
    const entries = "export * from 'burgee/mcp';\nexport { defineProgram } from 'burgee';\n";
    const { status, out } = compile(join(project, 'ts'), { 'cli.mts': quickStart.code, 'entries.mts': entries });
    expect(out).toBe('');
    expect(status).toBe(0);
    expectTranscript(join(project, 'ts/out/cli.mjs'));
  }, 600_000);

  it('N4 · docs/getting-started.md, TypeScript, as written: from npm init -y, its steps, tsc, then the program runs (probe: getting-started-ts)', () => {
    const guide = readBlocks(
      'docs/getting-started.md',
      readFileSync(join(repoRoot, 'docs/getting-started.md'), 'utf8'),
    );
    const steps = guide.find((b) => b.lang === 'sh' && b.code.includes('typescript'))!;
    const shown = readConsole(guide.find((b) => b.lang === 'console' && b.code.includes('dist/hello.js'))!.code);
    const dir = join(tmp, 'hello-ts');
    mkdirSync(dir);
    const tarball = readdirSync(join(copy, '.release')).find((f) => f.startsWith('burgee-'))!;
    const setup = `npm init -y >/dev/null && npm install ${JSON.stringify(join(copy, '.release', tarball))}\n${steps.code}`;
    const made = run('bash', ['-euo', 'pipefail', '-c', setup], dir, userEnv);
    expect(made.status, made.stderr).toBe(0);
    for (const name of ['hello.ts', 'tsconfig.json']) {
      writeFileSync(join(dir, name), guide.find((b) => b.file === name)!.code);
    }
    for (const step of shown) {
      const result = run('bash', ['-c', step.command], dir, userEnv);
      const printed = (result.stdout + result.stderr).trimEnd();
      const expected = step.expected.join('\n').trimEnd();
      expect(printed, `$ ${step.command}`).toBe(expected);
    }
  }, 600_000);

  it('N4 · what the install brought weighs at most 3 MB, and every package in it is loaded by burgee, or by what burgee loads', () => {
    const packages = installedPackages(join(project, 'node_modules'));
    const bytes = packages.reduce((sum, p) => sum + p.bytes, 0);
    expect(bytes).toBeLessThanOrEqual(3 * 1024 * 1024);
    expect(packages.map((p) => p.name)).toContain('burgee');
    expect(unaccounted(packages, 'burgee')).toEqual([]);
  });

  it('T1 · connectMcp without the optional MCP client says what to install', () => {
    const script = [
      "import { defineCommand } from 'burgee';",
      "import { connectMcp } from 'burgee/testing';",
      "await connectMcp(defineCommand({ name: 'x', effects: 'read_only', run: () => null }));",
      '',
    ].join('\n');
    writeFileSync(join(project, 'connect.mjs'), script);
    const result = run(process.execPath, ['connect.mjs'], project);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'connectMcp needs the official MCP client, an optional peer dependency of burgee: npm install --save-dev @modelcontextprotocol/client',
    );
  });

  it('T1 · a burgee/testing test file, with the client installed as docs/testing.md says: strict tsc, then it runs', () => {
    const added = run(
      'npm',
      ['install', '--save-dev', '@modelcontextprotocol/client', '@types/node@20'],
      project,
      userEnv,
    );
    expect(added.status, added.stderr).toBe(0);
    expect(existsSync(join(project, 'node_modules/@modelcontextprotocol/server'))).toBe(false);
    const test = [
      "import { connectMcp, envelopeOf, runProgram } from 'burgee/testing';",
      "import { program } from './greet.mjs';",
      "const result = await runProgram(program, ['--name', 'ada', '--json']);",
      'if (result.exitCode !== 0) throw new Error(result.stdout);',
      'const client = await connectMcp(program);',
      "const call = await client.callTool({ name: 'greet', arguments: { name: 'ada' } });",
      'await client.close();',
      'console.log(JSON.stringify([result.json, envelopeOf(call)]));',
      '',
    ].join('\n');
    const greet = [
      "import { defineCommand } from 'burgee';",
      'export const program = defineCommand({',
      "  name: 'greet',",
      "  effects: 'read_only',",
      "  options: { name: { type: 'string', required: true, description: 'who to greet' } },",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the program's own template, written to a file
      '  run: (ctx) => ({ greeting: `hello ${ctx.options.name}` }),',
      '});',
      '',
    ].join('\n');
    const { status, out } = compile(join(project, 'testing'), { 'greet.mts': greet, 'greet.test.mts': test }, ['node']);
    expect(out).toBe('');
    expect(status).toBe(0);
    const ran = run(process.execPath, [join(project, 'testing/out/greet.test.mjs')], project);
    expect(ran.stderr).toBe('');
    const envelope = { ok: true, data: { greeting: 'hello ada' }, meta: { provenance: {} } };
    const [cli, mcp] = JSON.parse(ran.stdout) as [typeof envelope, typeof envelope];
    expect(cli.data).toEqual(envelope.data);
    expect(mcp.data).toEqual(envelope.data);
  }, 600_000);
});

describe('N4 · what a project that installs the tarball is left with', () => {
  it('N4 · node_modules holds no symlink out of the project', () => {
    const links = readdirSync(join(project, 'node_modules'), { recursive: true, withFileTypes: true })
      .filter((entry) => lstatSync(join(entry.parentPath, entry.name)).isSymbolicLink())
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((path) => !path.includes('/.bin/'));
    expect(links).toEqual([]);
  });
});
