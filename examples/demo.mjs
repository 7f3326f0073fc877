#!/usr/bin/env node
// `npm run demo`: runs the examples the way a person and an agent would, and shows every surface.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const programs = { tool: here('./deploy/cli.mjs'), ship: here('./ship/cli.mjs') };
const bold = process.stdout.isTTY && !process.env.NO_COLOR ? (s) => `\u001b[1m${s}\u001b[22m` : (s) => s;
const dim = process.stdout.isTTY && !process.env.NO_COLOR ? (s) => `\u001b[2m${s}\u001b[22m` : (s) => s;

const steps = [
  ['A person asks for help', {}, 'tool', ['--help']],
  [
    'An agent (CLAUDECODE=1) deploys without confirming: it gets a runnable next step, not a prompt',
    { CLAUDECODE: '1' },
    'tool',
    ['deploy', '--target', 'prod', '--json'],
  ],
  [
    'The agent runs the step it was given',
    { CLAUDECODE: '1' },
    'tool',
    ['deploy', '--target', 'prod', '--yes', '--json'],
  ],
  ['The same refusal, for a person reading stderr', { CLAUDECODE: '1' }, 'tool', ['deploy', '--target', 'prod']],
  ['A typo gets a suggestion and a whole corrected command', {}, 'tool', ['deploy', '--targt', 'prod']],
  [
    'A person at a terminal would be asked which service to roll back; an agent is refused at once, with the flags to pass',
    { CLAUDECODE: '1' },
    'ship',
    ['rollback'],
  ],
  [
    'The MCP tool input, projected from the same declaration',
    {},
    'tool',
    ['deploy', '--schema', '--field', 'inputSchema'],
  ],
  ['A richer program: data for people is a table', {}, 'ship', ['status']],
  ['… and the exact data for agents', {}, 'ship', ['status', '--problems', '--json']],
  [
    'Provenance: flag > env > config > default; secrets stay redacted',
    { SHIP_CHANNEL: 'beta', SHIP_TOKEN: 's3cret' },
    'ship',
    ['release', 'api', '--build', '1.4.0', '--dry-run', '--json'],
  ],
  [
    'Where does a value come from?',
    { SHIP_CHANNEL: 'beta' },
    'ship',
    ['release', '--build', '1.4.0', '--explain', 'channel'],
  ],
  [
    'Bad input from the environment is a config error (exit 3), and nothing runs',
    { SHIP_DRY_RUN: 'maybe' },
    'ship',
    ['release', '--build', '1.4.0'],
  ],
  ['The whole program for an agent, in one call (first 300 characters)', {}, 'ship', ['--schema']],
  [
    'The same program as an MCP server: an agent host sends JSON-RPC lines on stdin (initialize, tools/list, tools/call)',
    { CLAUDECODE: '1' },
    'tool',
    ['--mcp'],
    [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'demo', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'deploy', arguments: { target: 'prod' } } },
    ],
  ],
];

for (const [title, env, name, args, messages] of steps) {
  const envText = Object.entries(env)
    .map(([k, v]) => `${k}=${v} `)
    .join('');
  process.stdout.write(`\n${bold(`# ${title}`)}\n${dim(`$ ${envText}${name} ${args.join(' ')}`)}\n`);
  if (messages !== undefined) process.stdout.write(dim(`(stdin: ${messages.length} JSON-RPC lines)\n`));
  const result = spawnSync(process.execPath, [programs[name], ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LANG: process.env.LANG ?? 'C.UTF-8', ...env },
    stdio: [messages === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    input: messages
      ?.map((m) => JSON.stringify(m))
      .join('\n')
      .concat('\n'),
    encoding: 'utf8',
  });
  const stdout =
    args.includes('--schema') && !args.includes('--field') ? `${result.stdout.slice(0, 300)}…\n` : result.stdout;
  if (stdout) process.stdout.write(stdout);
  if (result.stderr) process.stdout.write(result.stderr.replace(/^/gm, dim('stderr│ ')).replace(/stderr│ $/, ''));
  process.stdout.write(dim(`→ exit ${result.status}\n`));
}
