import { CLIENTS, type ClientId, isClientId, type Scope } from '../../projections/client-config/index.js';
import { UsageError } from '../errors.js';
import { commandLine, suggest } from '../suggest.js';

/** What `mcp config|install` was asked for, read from the words after `mcp`. */
export type McpRequest = {
  action: 'config' | 'install';
  client: ClientId;
  scope: Scope;
  dryRun: boolean;
  http?: string;
  tokenEnv?: string;
};

const ACTIONS = ['config', 'install'] as const;
const VALUED = new Set(['--scope', '--http', '--token-env']);

/** Reads `<config|install> <client> [--scope project|user] [--dry-run] [--http URL] [--token-env NAME]` (K1). */
export function readMcpWords(name: string, words: readonly string[]): McpRequest {
  const positionals: string[] = [];
  const values = new Map<string, string>();
  let dryRun = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const [flag, inline] = word.startsWith('--') && word.includes('=') ? split(word) : [word, undefined];
    if (flag === '--json') continue;
    if (flag === '--dry-run' && inline === undefined) dryRun = true;
    else if (VALUED.has(flag)) {
      const value = inline ?? words[++i];
      if (value === undefined || value === '') throw new UsageError(`${flag} needs a value`, { hint: usage(name) });
      values.set(flag, value);
    } else if (flag.startsWith('-')) {
      throw new UsageError(`unknown option ${flag} for ${name} mcp`, { hint: usage(name) });
    } else positionals.push(word);
  }
  const [action, client, extra] = positionals;
  if (action !== 'config' && action !== 'install') throw choice(name, 'a command', action, ACTIONS, words);
  if (!isClientId(client)) throw choice(name, 'a client', client, CLIENTS, words);
  if (extra !== undefined) throw new UsageError(`${name} mcp ${action} takes one client`, { hint: usage(name) });
  if (dryRun && action === 'config') {
    throw new UsageError('--dry-run belongs to mcp install; mcp config never writes', {
      fix: commandLine([name, 'mcp', 'config', client]),
    });
  }
  const scope = values.get('--scope') ?? 'project';
  if (scope !== 'project' && scope !== 'user') throw choice(name, 'a scope', scope, ['project', 'user'], words);
  const request: McpRequest = { action, client, scope, dryRun };
  const http = values.get('--http');
  const tokenEnv = values.get('--token-env');
  if (http !== undefined) request.http = http;
  if (tokenEnv !== undefined) request.tokenEnv = tokenEnv;
  return request;
}

const split = (word: string): [string, string] => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)];

const usage = (name: string): string =>
  `usage: ${name} mcp <config|install> <${CLIENTS.join('|')}> [--scope project|user] [--dry-run] [--http URL] [--token-env NAME]`;

/** A refusal of a word that must be one of `known`, with the whole line corrected when one is near. */
function choice(
  name: string,
  what: string,
  given: string | undefined,
  known: readonly string[],
  words: readonly string[],
): UsageError {
  const near = given === undefined ? [] : suggest(given, known);
  const details: { hint: string; fix?: string } = { hint: `choose one of: ${known.join(', ')}` };
  if (near.length === 1) {
    const fixed = words.map((w) =>
      w === given ? near[0]! : w.endsWith(`=${given}`) ? `${split(w)[0]}=${near[0]}` : w,
    );
    details.fix = commandLine([name, 'mcp', ...fixed]);
  }
  const problem = given === undefined ? `needs ${what}` : `does not know ${what.replace(/^an? /, 'the ')} "${given}"`;
  return new UsageError(`${name} mcp: ${problem}`, details);
}
