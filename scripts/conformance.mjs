#!/usr/bin/env node
// Runs the official MCP conformance suite's generic server scenarios for the 2026-07-28 revision
// against `examples/deploy` and `examples/ship` served with `--mcp --http` (build first). The suite
// is installed, pinned, into a temp folder; it needs Node >= 22 (it reads fs.globSync), so run this
// script (`npm run conformance`) with such a Node first on PATH; an older one says so and stops.
// scripts/conformance-baseline.yml lists the checks that cannot pass on a program's own server.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SUITE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
const SCENARIOS = ['server-stateless', 'http-header-validation', 'dns-rebinding-protection', 'tools-list'];
const root = fileURLToPath(new URL('../', import.meta.url));
const baseline = join(root, 'scripts', 'conformance-baseline.yml');

if (Number(process.versions.node.split('.')[0]) < 22) {
  console.error(`the conformance suite needs Node >= 22 (this is ${process.version}); run this script with Node 24`);
  process.exit(2);
}

const folder = mkdtempSync(join(tmpdir(), 'burgee-conformance-'));
const install = spawnSync('npm', ['install', '--prefix', folder, '--no-audit', '--no-fund', SUITE], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (install.status !== 0) throw new Error(`npm install ${SUITE} failed`);
const cli = join(folder, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

/** Serves one example over HTTP on a free loopback port; resolves with its URL and a stop. */
function serve(example) {
  const child = spawn(
    process.execPath,
    [join(root, 'examples', example, 'cli.mjs'), '--mcp', '--http', '127.0.0.1:0'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
      const url = /(http:\/\/\S+\/mcp)\n/.exec(stderr)?.[1];
      if (url !== undefined) resolve({ url, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`${example} exited ${code} before listening\n${stderr}`)));
  });
}

let failed = 0;
for (const example of ['deploy', 'ship']) {
  const server = await serve(example);
  for (const scenario of SCENARIOS) {
    const args = ['server', '--url', server.url, '--scenario', scenario, '--spec-version', '2026-07-28'];
    const run = spawnSync(process.execPath, [cli, ...args, '--expected-failures', baseline], { encoding: 'utf8' });
    const summary = /Passed: .*/.exec(run.stdout)?.[0] ?? 'no summary';
    console.log(`${example} ${scenario}: ${summary}${run.status === 0 ? '' : ' (unexpected)'}`);
    if (run.status !== 0) {
      failed++;
      process.stdout.write(run.stdout + run.stderr);
    }
  }
  server.stop();
}
rmSync(folder, { recursive: true, force: true });
console.log(
  failed === 0 ? 'conformance: every scenario as expected' : `conformance: ${failed} scenario(s) not as expected`,
);
process.exitCode = failed === 0 ? 0 : 1;
