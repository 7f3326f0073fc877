// A real nginx for tests, run unprivileged in a temporary folder of its own: its prefix, pid file,
// logs and temp paths all live there, it stays in the foreground, and it listens on a port the
// test picked. `npm test` installs Debian's `nginx` package where it can (scripts/test-tools.mjs);
// without it the tests that need it are skipped, saying so.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { repoRoot } from './cli.js';
import { readBlocks } from './doc-blocks.js';
import { connectHttp, type HttpServer, spawnHttp } from './http.js';

/** The nginx binary: Debian's (/usr/sbin, off a user's PATH, where the test tools install it), else the first on PATH. */
export function findNginx(): string | undefined {
  for (const dir of ['/usr/sbin', ...(process.env.PATH ?? '').split(delimiter)]) {
    const path = join(dir, 'nginx');
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // Not here: the next folder.
    }
  }
  return undefined;
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type Nginx = {
  readonly port: number;
  readonly dir: string;
  /** The access log's lines: `<method> <status> <upstream addresses tried> <their statuses>`. */
  accessLog(): string[];
  errorLog(): string;
  stop(): Promise<void>;
};

// Nobody's ids: a root test run hands nginx to them, so the proxy never runs with privileges.
const NOBODY = 65534;

/** Starts nginx in the foreground with `site` (a server's configuration, as in /etc/nginx/conf.d) on `port`. */
export async function startNginx(binary: string, site: string, port: number): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'burgee-nginx-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(dir, 'temp', temp), { recursive: true });
  writeFileSync(join(dir, 'site.conf'), site);
  writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir));
  const asRoot = process.getuid?.() === 0;
  if (asRoot)
    chownAll(dir, [
      'site.conf',
      'nginx.conf',
      'temp',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => join('temp', t)),
    ]);
  else chmodSync(dir, 0o755);
  const child = spawn(
    binary,
    ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    },
  );
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitListening(port, child, () => `${stderr}${readLog(join(dir, 'error.log'))}`);
  return {
    port,
    dir,
    accessLog: () =>
      readLog(join(dir, 'access.log'))
        .split('\n')
        .filter((line) => line !== ''),
    errorLog: () => readLog(join(dir, 'error.log')),
    async stop() {
      // SIGQUIT is nginx's graceful stop: it finishes the requests it holds.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The process-level configuration: everything in `dir`, nothing in /var or /etc. */
function mainConfig(dir: string): string {
  const temp = (kind: string) => `${kind}_temp_path ${join(dir, 'temp', kind === 'client_body' ? 'body' : kind)};`;
  return `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} notice;
events { worker_connections 1024; }
http {
    log_format upstreams '$request_method $status $upstream_addr $upstream_status';
    access_log ${join(dir, 'access.log')} upstreams;
    ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n    ')}
    include ${join(dir, 'site.conf')};
}
`;
}

function chownAll(dir: string, entries: readonly string[]): void {
  chownSync(dir, NOBODY, NOBODY);
  for (const entry of entries) chownSync(join(dir, entry), NOBODY, NOBODY);
}

function readLog(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** Resolves once `port` accepts a connection; rejects when nginx exits first or 10 s pass. */
async function waitListening(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited ${child.exitCode} before listening:\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not listen on ${port} within 10 s:\n${log()}`);
}

/** The site configuration docs/mcp-http.md shows, with the instances' and the proxy's ports replaced. */
export function siteConfig(proxyPort: number, instancePorts: readonly number[]): string {
  const page = readFileSync(join(repoRoot, 'docs/mcp-http.md'), 'utf8');
  const block = readBlocks('docs/mcp-http.md', page).find((b) => b.file === 'tool-mcp.conf');
  if (block === undefined) throw new Error('docs/mcp-http.md shows no `# file: tool-mcp.conf` block');
  return block.code
    .replace(/\b127\.0\.0\.1:808([1-3])\b/g, (_, n: string) => `127.0.0.1:${instancePorts[Number(n) - 1]}`)
    .replace(/listen 8080;/, `listen 127.0.0.1:${proxyPort};`);
}

/** Three `--mcp --http` instances of `script` behind nginx, with the official client through it and to each. */
export type Cluster = {
  instances: HttpServer[];
  proxy: Nginx;
  viaProxy: Client;
  direct: Client[];
  stop(): Promise<void>;
};

/** Starts a Cluster; `envOf(i)` is the environment of instance `i` (its token is `token`). */
export async function startCluster(
  script: string,
  token: string,
  envOf: (i: number) => Record<string, string>,
): Promise<Cluster> {
  const proxyPort = await freePort();
  const ports = [await freePort(), await freePort(), await freePort()];
  const origin = ['--allow-origin', `http://127.0.0.1:${proxyPort}`];
  const instances = await Promise.all(
    ports.map((port, i) => spawnHttp(script, origin, { BURGEE_MCP_TOKEN: token, ...envOf(i) }, `127.0.0.1:${port}`)),
  );
  const proxy = await startNginx(findNginx()!, siteConfig(proxyPort, ports), proxyPort);
  const viaProxy = await connectHttp(`http://127.0.0.1:${proxyPort}/mcp`, { token });
  const direct = await Promise.all(instances.map((instance) => connectHttp(instance.url, { token })));
  const stop = async () => {
    await Promise.all([viaProxy, ...direct].map((client) => client.close()));
    await proxy.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
  };
  return { instances, proxy, viaProxy, direct, stop };
}
