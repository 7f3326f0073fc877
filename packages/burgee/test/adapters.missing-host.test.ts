import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';

// commander and yargs are peer dependencies: a project that changed its import to burgee's adapter
// without the host library installed gets one sentence and the command that installs it, exit 3
// (CONFIG: its environment lacks what it needs), never Node's resolver error and its stack (F1, F2, E1).
// The project lives outside this repository, whose node_modules would resolve both libraries, and
// holds the built adapter entries alone, as the failure loads nothing else of burgee's.
const project = mkdtempSync(join(tmpdir(), 'burgee-no-host-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));
const installed = join(project, 'node_modules', 'burgee');
mkdirSync(join(installed, 'dist'), { recursive: true });
for (const file of ['package.json', 'dist/commander.cjs', 'dist/yargs.js']) {
  copyFileSync(`${repoRoot}packages/burgee/${file}`, join(installed, file));
}

const programs = {
  commander: {
    mjs: "import { Command } from 'burgee/commander';\nnew Command('tool').action(() => 'ran').parse();\n",
    cjs: "const { program } = require('burgee/commander');\nprogram.action(() => 'ran').parse();\n",
  },
  yargs: {
    mjs: "import yargs from 'burgee/yargs';\nyargs(process.argv.slice(2)).parse();\n",
    cjs: "const yargs = require('burgee/yargs');\nyargs(process.argv.slice(2)).parse();\n",
  },
};

const cases = (['commander', 'yargs'] as const).flatMap((host) =>
  (['mjs', 'cjs'] as const).map((kind) => {
    const script = join(project, `${host}.${kind}`);
    writeFileSync(script, programs[host][kind]);
    return { host, kind, script };
  }),
);

describe.each(cases)('F1 F2 · burgee/$host in a project without $host ($kind)', ({ host, script }) => {
  const message = `burgee/${host} runs the real ${host}, which is not installed in this project`;
  const hint = `install it beside burgee: npm install ${host}`;

  it(`E1 · a plain run says what to install, exit 3, no stack trace`, async () => {
    const result = await runCli(script, ['--help'], { cwd: project });
    expect(result).toEqual({ code: 3, signal: null, stdout: '', stderr: `error: ${message}\nhint: ${hint}\n` });
  });

  it('E5 · under --json the same words are one failure envelope on stdout, stderr empty', async () => {
    const result = await runCli(script, ['--json'], { cwd: project });
    expect(result).toEqual({
      code: 3,
      signal: null,
      stdout: `${JSON.stringify({ ok: false, error: { code: 3, message, hint } })}\n`,
      stderr: '',
    });
  });

  it('E2 · a --json after -- is an argument, not a request for the envelope', async () => {
    const result = await runCli(script, ['--', '--json'], { cwd: project });
    expect(result).toMatchObject({ code: 3, stdout: '', stderr: `error: ${message}\nhint: ${hint}\n` });
  });
});
