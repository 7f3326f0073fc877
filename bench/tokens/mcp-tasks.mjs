// The MCP paths of the token benchmark: a session on a program's `--mcp` server, the tool list read,
// then each command called the way the server's own tool list leads an agent to call it:
// - the command's tool is listed: one `tools/call`;
// - incur's progressive discovery (`search_tools`, `get_tool_details`, `call_read_tool`/`call_write_tool`):
//   search for the command's words, inspect the tool found, call it through the gate its
//   `readOnlyHint` names;
// - burgee's discovery tool (`discover_tools`, listed when the tools exceed the program's budget):
//   discover the command's group once, then call its tool.
import { listAll, openSession, readByModel } from './mcp-wire.mjs';

/** The tool of a command, however the server joins the words (`deploys_create`, `deploys-create`). */
const toolOf = (command) => `${command.group}_${command.command}`;
const same = (name, command) => name.replace(/[^a-z0-9]+/gi, '_') === toolOf(command);

/** One tool call; the result must not be an error. Returns the result's first text item. */
async function call(session, name, args) {
  const result = await session.client.callTool({ name, arguments: args });
  const text = result.content?.find((item) => item.type === 'text')?.text ?? '';
  if (result.isError) throw new Error(`tools/call ${name} ${JSON.stringify(args)} failed: ${text}`);
  return text;
}

/** Runs `command` over MCP as the server's tools lead an agent to, after the list `tools` was read. */
async function runCommand(session, tools, command, discovered) {
  const listed = tools.find((tool) => same(tool.name, command));
  if (listed !== undefined) return call(session, listed.name, command.arguments);
  const names = new Set(tools.map((tool) => tool.name));
  if (names.has('search_tools') && names.has('get_tool_details')) {
    await call(session, 'search_tools', { query: `${command.group} ${command.command}` });
    const details = JSON.parse(await call(session, 'get_tool_details', { name: toolOf(command) }));
    const gate = details.annotations?.readOnlyHint === true ? 'call_read_tool' : 'call_write_tool';
    return call(session, gate, { name: details.name, arguments: command.arguments });
  }
  if (names.has('discover_tools')) {
    if (!discovered.has(command.group)) {
      await call(session, 'discover_tools', { group: command.group });
      discovered.add(command.group);
    }
    return call(session, toolOf(command), command.arguments);
  }
  throw new Error(`no tool runs "${command.group} ${command.command}" (tools: ${[...names].join(', ')})`);
}

/**
 * A fresh session that lists the tools, then runs `commands`; returns what the model read (the
 * tool list alone: `list`; everything: `all`) and the tools listed.
 */
export async function mcpTask(server, commands) {
  const session = await openSession(server);
  try {
    const tools = await listAll(session);
    const list = readByModel(session.wire);
    const discovered = new Set();
    for (const command of commands) await runCommand(session, tools, command, discovered);
    if (session.stderr() !== '') throw new Error(`${server.file} --mcp wrote on stderr: ${session.stderr()}`);
    return { list, all: readByModel(session.wire), tools };
  } finally {
    await session.client.close();
  }
}
