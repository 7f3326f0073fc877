import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type CliResult, example, repoRoot, runCli } from './support/cli.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const ship = example('ship');

/** Runs a bash command line with the same clean environment `runCli` gives a program. */
function runShell(script: string, args: readonly string[] = []): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script, 'bash', ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', LANG: 'C.UTF-8' },
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

describe('E10 · an error that escapes the handler asynchronously is the command failure', () => {
  const cases = [
    ['a rejection nobody handles', 'rejection', 'a rejection nobody handles'],
    ['a throw in a timer', 'timer', 'thrown in a timer'],
    ['a throw in process.nextTick', 'tick', 'thrown in nextTick'],
  ] as const;

  it.each(cases)('E10 · %s: --json prints the failure envelope, exit 1, stderr empty', async (_, command, message) => {
    const result = await runCli(fixture('stray.mjs'), [command, '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ ok: false, error: { code: 1, message } });
  });

  it.each(cases)('E10 · %s: a person sees one error line and no stack trace', async (_, command, message) => {
    const result = await runCli(fixture('stray.mjs'), [command]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`error: ${message}\n`);
  });
});

describe('E10 · failed writes to stdout', () => {
  it('E10 · a reader that closes the pipe early ends the program quietly', async () => {
    const words = Array.from({ length: 20_000 }, (_, i) => String(i));
    const result = await runShell('node "$@" | head -c 20 >/dev/null; echo "status $PIPESTATUS"', [
      ship,
      'release',
      '--build',
      '1',
      ...words,
      '--json',
    ]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('status 0\n');
  });

  it.skipIf(!existsSync('/dev/full'))(
    'E10 · a write that fails for any other reason (>/dev/full) exits 1 with one line on stderr',
    async () => {
      for (const args of [['status', '--json'], ['status']]) {
        const result = await runShell('node "$@" >/dev/full', [ship, ...args]);
        expect(result.code).toBe(1);
        expect(result.stderr).toBe('error: cannot write the output: no space left on the device (ENOSPC)\n');
      }
    },
  );
});

describe('E9 · a handler busy in a loop that never yields still ends on a signal, as plain Node does', () => {
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    'E9 · %s ends it at once, by that signal (probe: busy-handler-signal)',
    async (name) => {
      for (const args of [[], ['--json']]) {
        const child = spawn(process.execPath, [fixture('busy.mjs'), ...args], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { PATH: process.env.PATH ?? '' },
        });
        child.stderr.setEncoding('utf8').on('data', (d: string) => {
          if (d.includes('busy')) child.kill(name);
        });
        // Before the fix the signal waited for a loop that never turns: only this kill ended it.
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
          child.on('close', (c, s) => resolve([c, s])),
        );
        clearTimeout(killer);
        expect({ args, code, signal }).toEqual({ args, code: null, signal: name });
      }
    },
  );
});

describe('E9 · SIGTERM and SIGHUP end a run as SIGINT does', () => {
  it.each(['SIGTERM', 'SIGHUP'] as const)(
    'E9 · %s aborts ctx.signal, runs onExit handlers, and the process dies of that signal',
    async (name) => {
      const child = spawn(process.execPath, [fixture('interrupt.mjs')], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { PATH: process.env.PATH ?? '' },
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => {
        stderr += d;
        if (d.includes('waiting')) child.kill(name);
      });
      const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        child.on('close', (c, s) => resolve([c, s])),
      );
      expect(signal).toBe(name);
      expect(code).toBeNull();
      expect(stderr).toBe('waiting\nsignal aborted\ncleanup ran\n');
    },
  );
});
