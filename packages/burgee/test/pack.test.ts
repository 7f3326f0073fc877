// What a stranger gets from npm: the packages are built from clean in a copy of the repository and
// packed by the release script; the tarballs are installed into a fresh project outside the
// repository (third-party dependencies from the registry), and the README's quick start runs
// there, in JavaScript and in TypeScript (strict, no skipLibCheck), printing what the README shows.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/cli.js';
import { matchesTranscript, readBlocks, readConsole } from './support/doc-blocks.js';

const tmp = mkdtempSync(join(tmpdir(), 'burgee-pack-'));
const copy = join(tmp, 'repo');
const tarballs = join(tmp, 'tarballs');
const project = join(tmp, 'project');
const run = (command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 300_000 });

/** A copy of the repository as git sees it (no dist/, no build info), sharing the installed tools. */
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
  // The copy's own packages, not the original's, must be what its workspace names resolve to.
  const manifest = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as { workspaces: string[] };
  const workspaces = new Map(
    manifest.workspaces.map((dir) => [JSON.parse(readFileSync(join(copy, dir, 'package.json'), 'utf8')).name, dir]),
  );
  mkdirSync(join(copy, 'node_modules'));
  for (const entry of readdirSync(join(repoRoot, 'node_modules'))) {
    const dir = workspaces.get(entry);
    symlinkSync(
      dir === undefined ? join(repoRoot, 'node_modules', entry) : join(copy, dir),
      join(copy, 'node_modules', entry),
    );
  }
}

const readme = readBlocks('README.md', readFileSync(join(repoRoot, 'README.md'), 'utf8'));
const quickStart = readme.find((b) => b.file === 'cli.mjs')!;
const transcript = readConsole(readme.find((b) => b.lang === 'console' && b.line > quickStart.line)!.code);
const typescriptVersion = JSON.parse(readFileSync(join(repoRoot, 'node_modules/typescript/package.json'), 'utf8'))
  .version as string;

let release: ReturnType<typeof run>;
let install: ReturnType<typeof run>;
beforeAll(() => {
  copyRepository();
  release = run(process.execPath, ['scripts/release.mjs', '--out', tarballs], copy);
  if (release.status !== 0) return;
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "name": "stranger", "private": true, "type": "module" }\n');
  const packed = readdirSync(tarballs).map((file) => join(tarballs, file));
  install = run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      ...packed,
      `typescript@${typescriptVersion}`,
      '@types/node@20',
    ],
    project,
  );
}, 600_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs each `$ node cli.mjs …` line of the README with `script` in its place, as a user's shell would. */
function expectTranscript(script: string): void {
  for (const step of transcript) {
    const args = step.command.replace(/^node cli\.mjs\s*/, '').split(/\s+/);
    const result = spawnSync(process.execPath, [script, ...args], {
      cwd: project,
      env: { PATH: process.env.PATH ?? '', HOME: project, LANG: 'C.UTF-8' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const printed = (result.stdout + result.stderr).replace(/\n+$/, '').split('\n');
    const shown = step.expected.join('\n').replace(/\n+$/, '').split('\n');
    if (!matchesTranscript(shown, printed)) expect(printed.join('\n')).toBe(shown.join('\n'));
  }
}

describe('the packed packages, installed by a stranger', () => {
  it('N4 · every package packs from a clean build, with only what its exports need', () => {
    expect(release.stderr + release.stdout).not.toContain('problem');
    expect(release.status).toBe(0);
    for (const name of ['roundel', 'caique', 'burgee']) expect(release.stdout).toMatch(new RegExp(`${name}-\\d`));
    const listing = run(
      'tar',
      ['-tzf', join(tarballs, readdirSync(tarballs).find((f) => f.startsWith('burgee-'))!)],
      tmp,
    );
    const files = listing.stdout.trim().split('\n');
    expect(files).toContain('package/dist/index.d.ts');
    expect(files).toContain('package/LICENSE');
    expect(files.filter((f) => /\.map$|\.test\.|\/src\/|fixtures/.test(f))).toEqual([]);
  });

  it('N4 · the tarballs install into a fresh project, third-party dependencies from the registry', () => {
    expect(install.status, install.stderr).toBe(0);
  });

  it.each(['burgee', 'roundel', 'caique'])(
    'N4 · the installed %s/package.json leads every export with types and points nowhere into src/',
    (name) => {
      const installed = join(project, 'node_modules', name);
      const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
      expect(manifest.scripts).toBeUndefined();
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
      for (const entry of conditions) expect(Object.keys(entry)).toEqual(['types', 'import']);
      expect(targets.filter((target) => target.includes('src/'))).toEqual([]);
      for (const target of targets) expect(existsSync(join(installed, target)), target).toBe(true);
    },
  );

  it('N4 · the README quick start, in JavaScript, prints what the README shows', () => {
    writeFileSync(join(project, 'cli.mjs'), quickStart.code);
    expectTranscript(join(project, 'cli.mjs'));
  });

  it('N4 · the README quick start, in TypeScript: strict, no skipLibCheck, no MCP client installed; then it runs', () => {
    mkdirSync(join(project, 'ts'), { recursive: true });
    writeFileSync(join(project, 'ts/cli.mts'), quickStart.code);
    // The other entry points' declarations too, without the optional peer dependency installed.
    writeFileSync(
      join(project, 'ts/entries.mts'),
      "export * from 'burgee/testing';\nexport * from 'burgee/mcp';\nexport * from 'roundel';\nexport * from 'caique';\n",
    );
    const options = {
      strict: true,
      skipLibCheck: false,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      types: ['node'],
      outDir: 'out',
    };
    writeFileSync(join(project, 'ts/tsconfig.json'), JSON.stringify({ compilerOptions: options, include: ['*.mts'] }));
    const tsc = join(project, 'node_modules/typescript/bin/tsc');
    // One compiler run both checks and emits: the errors --noEmit would report are the same.
    const compile = run(process.execPath, [tsc, '-p', 'ts'], project);
    expect(compile.stdout + compile.stderr).toBe('');
    expect(compile.status).toBe(0);
    expectTranscript(join(project, 'ts/out/cli.mjs'));
    // A whole compiler run without skipLibCheck: minutes when the machine is shared.
  }, 600_000);

  it('T1 · connectMcp without the optional MCP client says what to install', () => {
    const script = "import { connectMcp } from 'burgee/testing';\nawait connectMcp({ name: 'x' });\n";
    writeFileSync(join(project, 'connect.mjs'), script);
    const result = run(process.execPath, ['connect.mjs'], project);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'connectMcp needs the official MCP client, an optional peer dependency of burgee: npm install --save-dev @modelcontextprotocol/client',
    );
  });
});
