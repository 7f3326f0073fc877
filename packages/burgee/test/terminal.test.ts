import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { program as ship } from '../../../examples/ship/cli.mjs';
import { runProgram } from '../src/testing/index.js';
import { runCli } from './support/cli.js';

const ESC = '\u001b[';

describe('human output in a terminal', () => {
  it('H3 · help is coloured when roundel allows it; NO_COLOR wins over FORCE_COLOR', async () => {
    const coloured = await runProgram(ship, ['--help'], { tty: true, env: {} });
    expect(coloured.stdout).toContain(ESC);
    const forced = await runProgram(ship, ['--help'], { env: { FORCE_COLOR: '1' } });
    expect(forced.stdout).toContain(ESC);
    const none = await runProgram(ship, ['--help'], { tty: true, env: { FORCE_COLOR: '3', NO_COLOR: '1' } });
    expect(none.stdout).not.toContain(ESC);
    const piped = await runProgram(ship, ['--help'], { env: {} });
    expect(piped.stdout).not.toContain(ESC);
  });

  it('H3 · human errors are coloured on a terminal; data and envelopes never are', async () => {
    const error = await runProgram(ship, ['statu'], { tty: true, env: {} });
    expect(error.stderr).toContain(ESC);
    const data = await runProgram(ship, ['status'], { tty: true, env: { FORCE_COLOR: '3' } });
    expect(data.stdout).not.toContain(ESC);
    const json = await runProgram(ship, ['statu', '--json'], { tty: true, env: { FORCE_COLOR: '3' } });
    expect(json.stdout).not.toContain(ESC);
  });

  it('H2 · help width follows the terminal, 80 when piped', async () => {
    // Example command lines are never broken, so they stay copyable; everything else wraps.
    const prose = (text: string) => text.slice(0, text.indexOf('Examples:')).split('\n');
    const narrow = await runProgram(ship, ['release', '--help'], { tty: 50, env: { NO_COLOR: '1' } });
    expect(Math.max(...prose(narrow.stdout).map((l) => l.length))).toBeLessThanOrEqual(50);
    const piped = await runProgram(ship, ['release', '--help'], { env: {} });
    expect(Math.max(...piped.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(80);
    expect(Math.max(...piped.stdout.split('\n').map((l) => l.length))).toBeGreaterThan(50);
  });
});

describe('interrupts and handlers that cannot finish', () => {
  it('N3 · a handler waiting on a promise that can never settle fails cleanly, exit 1, one envelope', async () => {
    const script = fileURLToPath(new URL('./fixtures/stall.mjs', import.meta.url));
    const result = await runCli(script, ['--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: false,
      error: { code: 1, message: expect.stringContaining('never finished') },
    });
  });

  it('E9 · SIGINT aborts ctx.signal, runs onExit handlers, and the process dies of SIGINT', async () => {
    const script = fileURLToPath(new URL('./fixtures/interrupt.mjs', import.meta.url));
    const child = spawn(process.execPath, [script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '' },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (d.includes('waiting')) child.kill('SIGINT');
    });
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on('close', (c, s) => resolve([c, s])),
    );
    expect(signal).toBe('SIGINT');
    expect(code).toBeNull();
    expect(stderr).toBe('waiting\nsignal aborted\ncleanup ran\n');
  });
});
