import {
  CLIENTS,
  type ClientId,
  isClientId,
  MCP_ACTIONS,
  MCP_VALUE_FLAGS,
  SCOPES,
  type Scope,
} from '../../projections/client-config/index.js';
import {
  dryRunOnlyInstall,
  notOneOf,
  oneTooMany,
  synthesisedNeedsValue,
  unknownSynthesisedOption,
} from '../../projections/refusals/index.js';
import { refuse } from '../errors.js';

/** What `mcp config|install` was asked for, read from the words after `mcp`. */
export type McpRequest = {
  action: 'config' | 'install';
  client: ClientId;
  scope: Scope;
  dryRun: boolean;
  http?: string;
  tokenEnv?: string;
};

const VALUED = new Set<string>(MCP_VALUE_FLAGS);

/** Reads `<config|install> <client> [--scope project|user] [--dry-run] [--http URL] [--token-env NAME]` (K1). */
export function readMcpWords(name: string, words: readonly string[]): McpRequest {
  const where = `${name} mcp`;
  const usage = `${where} <config|install> <${CLIENTS.join('|')}> [--scope project|user] [--dry-run] [--http <url>] [--token-env <name>]`;
  const typed = [name, 'mcp', ...words];
  const positionals: string[] = [];
  const values = new Map<string, string>();
  let dryRun = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const flag = eq === -1 ? word : word.slice(0, eq);
    if (flag === '--json' && eq === -1) continue;
    if (flag === '--dry-run' && eq === -1) dryRun = true;
    else if (VALUED.has(flag)) {
      const value = eq === -1 ? words[++i] : word.slice(eq + 1);
      if (value === undefined || value === '') throw refuse(synthesisedNeedsValue(flag, usage));
      values.set(flag, value);
    } else if (flag.startsWith('-')) throw refuse(unknownSynthesisedOption(where, flag, usage));
    else positionals.push(word);
  }
  const [action, client, extra] = positionals;
  if (action !== 'config' && action !== 'install') throw refuse(notOneOf(where, 'command', action, MCP_ACTIONS, typed));
  if (!isClientId(client)) throw refuse(notOneOf(`${where} ${action}`, 'client', client, CLIENTS, typed));
  if (extra !== undefined) throw refuse(oneTooMany(`${where} ${action}`, 'client', extra, usage));
  if (dryRun && action === 'config') throw refuse(dryRunOnlyInstall(typed));
  const scope = values.get('--scope') ?? 'project';
  if (scope !== 'project' && scope !== 'user') throw refuse(notOneOf(where, 'scope', scope, SCOPES, typed));
  const request: McpRequest = { action, client, scope, dryRun };
  const http = values.get('--http');
  const tokenEnv = values.get('--token-env');
  if (http !== undefined) request.http = http;
  if (tokenEnv !== undefined) request.tokenEnv = tokenEnv;
  return request;
}
