import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { Client, type ClientOptions, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { repoRoot } from './cli.js';
import { childEnv } from './mcp.js';

export type HttpServer = {
  /** The URL the server printed on stderr. */
  url: string;
  child: ChildProcess;
  stderr: () => string;
  /** Settles with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends SIGTERM (unless the process has ended) and waits for the exit. */
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Spawns `node <script> --mcp --http <address> …` (a free loopback port by default) and waits for the URL line on stderr. */
export function spawnHttp(
  script: string,
  args: readonly string[] = [],
  env: Record<string, string> = {},
  address = '127.0.0.1:0',
  cwd = repoRoot,
): Promise<HttpServer> {
  const child = spawn(process.execPath, [script, '--mcp', '--http', address, ...args], {
    env: childEnv(env),
    cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no URL on stderr within 15 s\n${stderr}`));
    }, 15_000);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const url = /(http:\/\/\S+\/mcp)\n/.exec(stderr)?.[1];
      if (url !== undefined) {
        clearTimeout(timer);
        resolve({ url, child, stderr: () => stderr, exited, stop });
      }
    });
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before listening\n${stderr}`));
    });
  });
}

/** Connects the official client to `url` over its Streamable HTTP transport. */
export async function connectHttp(
  url: string,
  options: { client?: ClientOptions | undefined; token?: string; headers?: Record<string, string> } = {},
): Promise<Client> {
  const headers: Record<string, string> = {
    ...options.headers,
    ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
  };
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  const client = new Client({ name: 'burgee-tests', version: '1.0.0' }, options.client);
  await client.connect(transport);
  return client;
}

const accept = 'application/json, text/event-stream';
/** The headers of a JSON-RPC POST a Streamable HTTP server accepts. */
export const jsonHeaders = { 'content-type': 'application/json', accept };

/** A raw request through node:http, which (unlike fetch) lets a test send any Host header and any body. */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | AsyncIterable<Buffer> } = {},
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'POST', headers: options.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    const body = options.body;
    if (body === undefined || typeof body === 'string') req.end(body);
    else
      void (async () => {
        for await (const chunk of body) if (!req.destroyed) req.write(chunk);
        req.end();
      })().catch(() => {});
  });
}
