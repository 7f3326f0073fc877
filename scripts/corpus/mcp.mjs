// `--mcp`: the program served over stdio, reached by the official MCP client from the repository's
// own node_modules: list the tools, then call the one the program's row names.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { cleanEnv } from './spawn.mjs';

const DEADLINE = 30_000;

/** Rejects after `ms`, so a server that never answers costs one row, not the whole run. */
function within(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The first text of a tool result, read as the envelope burgee puts there. */
function envelopeOf(result) {
  const text = result?.content?.find((item) => item.type === 'text')?.text ?? '';
  try {
    return JSON.parse(text);
  } catch {
    return { unreadable: text.slice(0, 80) };
  }
}

/** Connects, lists, calls; `work` and `home` are a fresh fixture for this one server. */
export async function checkMcp(context, { work, home }) {
  const { program } = context;
  const transport = new StdioClientTransport({
    command: context.node,
    args: [context.prepared.adapter.file, '--mcp'],
    env: cleanEnv(home),
    cwd: work,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'burgee-corpus', version: '1.0.0' });
  const said = () => (stderr.trim() ? ` (stderr: ${stderr.trim().split('\n')[0].slice(0, 80)})` : '');
  try {
    await within(client.connect(transport), DEADLINE, 'connect');
    const { tools } = await within(client.listTools(), DEADLINE, 'tools/list');
    const names = tools.map((t) => t.name);
    const wanted = program.mcp.tool;
    if (names.length === 0) return { pass: false, reason: 'tools/list is empty' };
    if (!names.includes(wanted)) return { pass: false, reason: `no tool ${wanted} among ${names.join(', ')}` };
    const call = client.callTool({ name: wanted, arguments: program.mcp.arguments });
    const result = await within(call, DEADLINE, `tools/call ${wanted}`);
    const envelope = envelopeOf(result);
    if (envelope.ok === true && result.isError !== true) return { pass: true, detail: `${names.length} tool(s)` };
    const why = envelope.unreadable ?? envelope.error?.message ?? JSON.stringify(envelope).slice(0, 80);
    return { pass: false, reason: `${names.length} tool(s) listed; ${wanted} failed: ${String(why).split('\n')[0]}` };
  } catch (error) {
    return {
      pass: false,
      reason: `${String(error.message ?? error)
        .split('\n')[0]
        .slice(0, 120)}${said()}`,
    };
  } finally {
    await client.close().catch(() => {});
    await transport.close().catch(() => {});
  }
}
