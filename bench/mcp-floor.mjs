#!/usr/bin/env node
// The floor of bench/mcp.mjs: the `deploy` tool served over stdio by a JSON-RPC loop with no
// dependency at all (no SDK, no schema validation, no per-call guarantees), answering what the
// official client sends in both eras: `initialize` (2025) and the `server/discover` probe with
// per-request `_meta` (2026-07-28). Nothing a real server should ship; what no server can beat.
const SERVER_INFO = { name: 'tool', version: '0.0.0' };
const LEGACY = ['2025-11-25', '2025-06-18', '2025-03-26'];
const MODERN = '2026-07-28';
const META_VERSION = 'io.modelcontextprotocol/protocolVersion';

// Written out here, not shared with the other servers: an import would add a module load to this
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
const interactive = process.env.FORCE_TTY === '1';

const tool = {
  name: 'deploy',
  description: 'Deploy a build\nExample: {"target":"prod"}\nExample (once reviewed): {"target":"prod","yes":true}',
  inputSchema: {
    type: 'object',
    properties: {
      target: { type: 'string', description: 'where to deploy' },
      yes: { type: 'boolean', description: 'skip the confirmation' },
    },
    required: ['target'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
};

// The tool has no outputSchema: the envelope as text alone, as burgee answers such a tool.
const result = (envelope, isError) => ({ content: [{ type: 'text', text: JSON.stringify(envelope) }], isError });

function deploy({ target, yes }) {
  if (!yes && !interactive) {
    const message = `deploying to ${target} needs confirmation`;
    const next = [{ command: `tool deploy --target ${target} --yes --json`, when: 'once you have reviewed the plan' }];
    return result(
      { ok: false, status: 'action_required', reason: 'confirm', message, next, error: { code: 4, message } },
      true,
    );
  }
  const provenance = { target: { source: 'flag', location: '--target' } };
  if (yes) provenance.yes = { source: 'flag', location: '--yes' };
  return result({ ok: true, data: { target, agent: agent ?? null }, meta: { provenance } }, false);
}

/** The result of one request, or a JSON-RPC error as `{ error }`. */
function answer({ method, params }, modern) {
  if (method === 'initialize') {
    const asked = params?.protocolVersion;
    const protocolVersion = LEGACY.includes(asked) ? asked : LEGACY[0];
    return { protocolVersion, capabilities: { tools: {} }, serverInfo: SERVER_INFO };
  }
  // The 2026-07-28 revision marks what may be cached, and for how long (not at all, here).
  if (method === 'server/discover')
    return { supportedVersions: [MODERN], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'private' };
  if (method === 'ping') return {};
  if (method === 'tools/list') return modern ? { tools: [tool], ttlMs: 0, cacheScope: 'private' } : { tools: [tool] };
  if (method === 'tools/call' && params?.name === 'deploy') return deploy(params.arguments ?? {});
  if (method === 'tools/call') return { error: { code: -32602, message: `unknown tool: ${params?.name}` } };
  return { error: { code: -32601, message: `method not found: ${method}` } };
}

function handle(line) {
  const message = JSON.parse(line);
  if (message.id === undefined) return; // a notification
  const modern = message.params?._meta?.[META_VERSION] === MODERN;
  const reply = answer(message, modern);
  const response =
    reply.error !== undefined
      ? { jsonrpc: '2.0', id: message.id, error: reply.error }
      : {
          jsonrpc: '2.0',
          id: message.id,
          // The 2026-07-28 revision's results say they are complete and who answered.
          result: modern
            ? { ...reply, resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO } }
            : reply,
        };
  process.stdout.write(`${JSON.stringify(response)}\n`);
}

let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  let end = buffered.indexOf('\n');
  while (end !== -1) {
    const line = buffered.slice(0, end).trim();
    buffered = buffered.slice(end + 1);
    if (line !== '') handle(line);
    end = buffered.indexOf('\n');
  }
});
