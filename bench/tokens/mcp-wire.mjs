// An MCP session over stdio driven by the official client (@modelcontextprotocol/client), with every
// JSON-RPC line kept exactly as it crossed the pipe: the bytes the client wrote to the server's stdin
// and the lines the server wrote to its stdout. What a task counts is picked from these lines.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/** Splits a stream of bytes into whole lines, calling `onLine` for each. */
function lineSplitter(onLine) {
  let pending = '';
  return (chunk) => {
    pending += chunk.toString('utf8');
    let end = pending.indexOf('\n');
    while (end !== -1) {
      const line = pending.slice(0, end).replace(/\r$/, '');
      pending = pending.slice(end + 1);
      if (line !== '') onLine(line);
      end = pending.indexOf('\n');
    }
  };
}

/**
 * Starts `node file --mcp` and connects the official client. `wire` holds every line in order as
 * `{ from: 'client' | 'server', line, message }`.
 */
export async function openSession({ node, file, env, cwd }) {
  const wire = [];
  const transport = new StdioClientTransport({ command: node, args: [file, '--mcp'], env, cwd, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const start = transport.start.bind(transport);
  transport.start = async () => {
    const started = start();
    // The process exists once start() has been called; its output arrives later, so nothing is missed.
    transport._process.stdout.on(
      'data',
      lineSplitter((line) => wire.push({ from: 'server', line, message: JSON.parse(line) })),
    );
    return started;
  };
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const line = JSON.stringify(message);
    wire.push({ from: 'client', line, message });
    return send(message, options);
  };
  const client = new Client({ name: 'burgee-tokens', version: '1.0.0' });
  await client.connect(transport);
  return { client, wire, stderr: () => stderr };
}

/** Lists every tool, following `nextCursor` to the end; returns the tools. */
export async function listAll(session) {
  const tools = [];
  let cursor;
  do {
    const page = await session.client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

/**
 * What a model reads of the session so far, as sent: the server's `instructions` (hosts put them in
 * the model's context), every `tools/list` answer, and every `tools/call` request with its answer.
 * The handshake, the host's own `tools/list` requests and notifications are left out.
 */
export function readByModel(wire) {
  const methods = new Map();
  const pieces = [];
  for (const { from, line, message } of wire) {
    if (from === 'client' && 'method' in message && 'id' in message) methods.set(message.id, message.method);
    const method = from === 'client' ? message.method : methods.get(message.id);
    if (from === 'server' && method === 'initialize' && typeof message.result?.instructions === 'string') {
      pieces.push({ what: 'server instructions', text: message.result.instructions });
    } else if (from === 'server' && method === 'tools/list') pieces.push({ what: 'tools/list answer', text: line });
    else if (method === 'tools/call' && from === 'client') {
      pieces.push({ what: `tools/call ${message.params.name} request`, text: line });
    } else if (method === 'tools/call' && 'id' in message) pieces.push({ what: 'tools/call answer', text: line });
  }
  return pieces;
}
