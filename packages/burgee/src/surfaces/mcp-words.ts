import { refuse } from '../errors/errors.js';
import {
  cannotPassVariables,
  dryRunOnlyInstall,
  envWithHttp,
  notAVariableName,
  notOneOf,
  oneTooMany,
  synthesisedNeedsValue,
  unknownSynthesisedOption,
  valueForName,
} from '../errors/refusals/index.js';
import {
  CLIENTS,
  type ClientId,
  isClientId,
  isVariableName,
  MCP_ACTIONS,
  MCP_OPTIONS,
  MCP_VALUE_FLAGS,
  optionUsage,
  passesVariables,
  SCOPES,
  type Scope,
} from '../projections/client-config/index.js';

/** What `mcp config|install` was asked for, read from the words after `mcp`. */
export type McpRequest = {
  action: 'config' | 'install';
  client: ClientId;
  scope: Scope;
  dryRun: boolean;
  http?: string;
  tokenEnv?: string;
  /** Variables the client passes to the server by name (`--env`, repeatable), each once, in order. */
  variables: string[];
};

const VALUED = new Set<string>(MCP_VALUE_FLAGS);

/** The words after `mcp`, sorted: positionals, the last value of each valued option, every `--env`. */
type Scan = { positionals: string[]; values: Map<string, string>; variables: string[]; dryRun: boolean };

/**
 * Reads `<config|install> <client> [--scope project|user] [--dry-run] [--http URL] [--token-env NAME]
 * [--env NAME...]` (K1). `env` is this process's environment: a word after `--env` that is the value
 * of one of its variables was put there by the shell (`--env $SECRET`) and is refused, never written.
 */
export function readMcpWords(
  name: string,
  words: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): McpRequest {
  const where = `${name} mcp`;
  const usage = `${where} <config|install> <${CLIENTS.join('|')}> ${MCP_OPTIONS.map(optionUsage).join(' ')}`;
  const typed = [name, 'mcp', ...words];
  const { positionals, values, variables, dryRun } = scan(words, { where, usage, typed, env });
  const [action, client, extra] = positionals;
  if (action !== 'config' && action !== 'install') throw refuse(notOneOf(where, 'command', action, MCP_ACTIONS, typed));
  if (!isClientId(client)) throw refuse(notOneOf(`${where} ${action}`, 'client', client, CLIENTS, typed));
  if (extra !== undefined) throw refuse(oneTooMany(`${where} ${action}`, 'client', extra, usage));
  if (dryRun && action === 'config') throw refuse(dryRunOnlyInstall(typed));
  const scope = values.get('--scope') ?? 'project';
  if (scope !== 'project' && scope !== 'user') throw refuse(notOneOf(where, 'scope', scope, SCOPES, typed));
  const request: McpRequest = { action, client, scope, dryRun, variables };
  const http = values.get('--http');
  const tokenEnv = values.get('--token-env');
  if (http !== undefined) request.http = http;
  if (tokenEnv !== undefined) request.tokenEnv = tokenEnv;
  if (variables.length > 0) {
    if (http !== undefined) throw refuse(envWithHttp(variables, typed));
    if (!passesVariables(client)) {
      throw refuse(cannotPassVariables(client, variables, CLIENTS.filter(passesVariables)));
    }
  }
  return request;
}

type Context = {
  where: string;
  usage: string;
  typed: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
};

/** Sorts the words; each `--env` is checked as it is read, before any refusal could repeat the line. */
function scan(words: readonly string[], context: Context): Scan {
  const found: Scan = { positionals: [], values: new Map(), variables: [], dryRun: false };
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const flag = eq === -1 ? word : word.slice(0, eq);
    if (flag === '--json' && eq === -1) continue;
    if (flag === '--dry-run' && eq === -1) found.dryRun = true;
    else if (VALUED.has(flag)) {
      const value = eq === -1 ? words[++i] : word.slice(eq + 1);
      if (value === undefined || value === '') throw refuse(synthesisedNeedsValue(flag, context.usage));
      if (flag !== '--env') found.values.set(flag, value);
      else if (!found.variables.includes(value)) found.variables.push(variableName(value, context));
    } else if (flag.startsWith('-')) throw refuse(unknownSynthesisedOption(context.where, flag, context.usage));
    else found.positionals.push(word);
  }
  return found;
}

/**
 * The variable `--env` names, refused when the word is not a name, or is the value of a variable of
 * this environment rather than a name (long enough to be a secret, and naming no variable itself).
 */
function variableName(word: string, { typed, env }: Context): string {
  if (!isVariableName(word)) throw refuse(notAVariableName(word, typed));
  if (word.length >= 8 && env[word] === undefined) {
    const source = Object.keys(env).find((key) => env[key] === word);
    if (source !== undefined) throw refuse(valueForName(source, word, typed));
  }
  return word;
}
