// A real Redis for tests: Debian's redis-server in the foreground, on a port the test picked, with
// nothing written to disk. `npm test` installs it where it can (scripts/test-tools.mjs).
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './nginx.js';

export type Redis = { url: string; stop(): Promise<void> };

/** Starts redis-server and waits until it takes connections. */
export async function startRedis(): Promise<Redis> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const end = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = createConnection(port, '127.0.0.1');
      socket.once('connect', () => resolve(socket.end() !== undefined)).once('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > end) throw new Error(`redis-server did not listen on ${port} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
