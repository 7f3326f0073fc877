#!/usr/bin/env node
// The `deploy` example tool served by hand with the official SDK (@modelcontextprotocol/server v2), as
// an SDK user would write it to give agents what `examples/deploy/cli.mjs --mcp` gives them: the same
// tool (inputSchema, annotations), the same --json envelope as the one text item, agent detection,
// and the action-required envelope when nobody can confirm.
// Served with the SDK's own entry and its stdio transport, or with `--http HOST:PORT` over Streamable
// HTTP: the SDK's `createMcpHandler` on node:http behind the Host/Origin checks its docs ask for. Used
// by bench/mcp.mjs.
import { createServer } from 'node:http';
import {
  createMcpHandler,
  fromJsonSchema,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  McpServer,
  originValidationResponse,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

// Written out here, not shared with the other peer: an import would add a module load to this
// program's start-up, and a user writing it by hand would have it inline too.
const AGENTS = [
  ['AI_AGENT', null],
  ['CLAUDECODE', 'claude-code'],
  ['CURSOR_AGENT', 'cursor'],
  ['CODEX_THREAD_ID', 'codex'],
  ['GEMINI_CLI', 'gemini'],
];

function detectAgent(env) {
  for (const [variable, name] of AGENTS) {
    const value = env[variable];
    if (value === undefined || value === '') continue;
    if (name !== null) return name;
    return value === '1' ? 'generic' : value;
  }
  return undefined;
}

const agent = detectAgent(process.env);
// stdout carries the protocol, so no person reads it: only FORCE_TTY=1 claims someone can confirm.
const interactive = process.env.FORCE_TTY === '1';

// The schema `tool deploy --schema` publishes, byte for byte, so both servers list the same tool.
const inputSchema = fromJsonSchema({
  type: 'object',
  properties: {
    target: { type: 'string', description: 'where to deploy' },
    yes: { type: 'boolean', description: 'skip the confirmation' },
  },
  required: ['target'],
  additionalProperties: false,
});

// The tool has no outputSchema: the envelope as text alone, as burgee answers such a tool.
const result = (envelope, isError) => ({ content: [{ type: 'text', text: JSON.stringify(envelope) }], isError });

function deploy({ target, yes }) {
  if (!yes && !interactive) {
    const message = `deploying to ${target} needs confirmation`;
    return result(
      {
        ok: false,
        status: 'action_required',
        reason: 'confirm',
        message,
        next: [{ command: `tool deploy --target ${target} --yes --json`, when: 'once you have reviewed the plan' }],
        error: { code: 4, message },
      },
      true,
    );
  }
  const provenance = { target: { source: 'flag', location: '--target' } };
  if (yes) provenance.yes = { source: 'flag', location: '--yes' };
  return result({ ok: true, data: { target, agent: agent ?? null }, meta: { provenance } }, false);
}

function createServerInstance() {
  const server = new McpServer({ name: 'tool', version: '0.0.0' }, { capabilities: { tools: { listChanged: true } } });
  server.registerTool(
    'deploy',
    {
      description: 'Deploy a build\nExample: {"target":"prod"}\nExample (once reviewed): {"target":"prod","yes":true}',
      inputSchema,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
    },
    deploy,
  );
  return server;
}

const http = process.argv.indexOf('--http');
if (http === -1) serveStdio(createServerInstance);
else {
  const [host, port] = process.argv[http + 1].split(':');
  const handler = createMcpHandler(createServerInstance);
  // The plain node:http bridge an SDK user writes without a framework: a web Request in, the Response streamed out.
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = req.method === 'POST' ? Buffer.concat(chunks) : undefined;
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers: req.headers,
      body,
    });
    const response =
      hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
      originValidationResponse(request, localhostAllowedOrigins()) ??
      (await handler.fetch(request));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) for await (const chunk of response.body) res.write(chunk);
    res.end();
  });
  server.listen(Number(port), host, () => {
    process.stderr.write(`tool: serving MCP at http://${host}:${server.address().port}/mcp\n`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
