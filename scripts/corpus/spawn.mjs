// Child processes of the corpus: a program under test, or a tool (npm, git, tar) that prepares one.
import { spawn } from 'node:child_process';

/** What a person's shell would pass: nothing of this machine's environment beyond these three. */
export function cleanEnv(home) {
  return { PATH: process.env.PATH ?? '', HOME: home, LANG: 'C.UTF-8' };
}

/**
 * Runs `command args` to its end, or to `timeout` ms, then kills its whole process group: some programs
 * under test start children of their own (c8, concurrently), and a straggler must not outlive the row.
 */
export function runProcess(command, args, { cwd, env, timeout = 30_000, input } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout = [];
    const stderr = [];
    let timedOut = false;
    const kill = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, timeout);
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    child.on('error', (error) => stderr.push(Buffer.from(String(error))));
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? '');
    // A grandchild holding the pipes open would keep 'close' from coming: give it a moment, then end it.
    child.on('exit', () => setTimeout(kill, 2_000).unref());
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      kill();
      resolve({
        code,
        signal,
        timedOut,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
  });
}

/** Runs a preparing tool and throws with its stderr when it fails: the corpus cannot go on without it. */
export async function mustRun(command, args, options = {}) {
  const result = await runProcess(command, args, { env: process.env, timeout: 600_000, ...options });
  if (result.code !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.code ?? result.signal}): ${result.stderr.trim()}`);
  }
  return result;
}
