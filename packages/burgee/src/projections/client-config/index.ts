import { posix, win32 } from 'node:path';
import {
  type ClientFormat,
  type ClientId,
  type ClientSpec,
  clientSpec,
  type EnvPassing,
  type Place,
  type ServerTarget,
} from './clients.js';
import type { Scope } from './words.js';

export {
  CLIENTS,
  type ClientFormat,
  type ClientId,
  type ClientSpec,
  clientSpec,
  type EnvPassing,
  isClientId,
  type Place,
  passesVariables,
  type ServerTarget,
} from './clients.js';
export { type McpHelp, type McpHelpClient, renderMcpHelp, toMcpHelp } from './help.js';
export {
  isVariableName,
  MCP_ACTIONS,
  MCP_OPTIONS,
  MCP_VALUE_FLAGS,
  type McpOption,
  optionUsage,
  SCOPES,
  type Scope,
} from './words.js';

/** Where one server's entry goes and what it says: the plan `mcp config` prints and `mcp install` writes. */
export type ClientConfig = {
  client: ClientId;
  /** The scope used: a client without a project file always uses its user file. */
  scope: Scope;
  /** True when project scope was asked for and the client has none. */
  scopeFallback: boolean;
  file: string;
  format: ClientFormat;
  /** The keys from the top of the file to the entry: `["mcpServers", "tool"]`. */
  at: [string, string];
  entry: Record<string, unknown>;
  /** The keys of the entry that are burgee's: a re-install replaces or drops these and keeps every other (K2). */
  burgeeKeys: readonly string[];
  /** For a server served over HTTP: the variable that holds its bearer token (the token is never written). */
  tokenVariable?: string;
  /** For a command: the variables of the client's environment the entry passes to it, by name (`--env`). */
  variables?: readonly string[];
  /** What a person must still do in the client before it starts the server (gemini's folder trust). */
  notice?: string;
};

/** Plans one client's configuration for the server `name` (K1). Pure: paths come from `place`. */
export function toClientConfig(
  client: ClientId,
  name: string,
  target: ServerTarget,
  scope: Scope,
  place: Place,
): ClientConfig {
  const spec = clientSpec(client);
  const project = scope === 'project' ? spec.project : undefined;
  const file =
    project === undefined ? spec.user(place) : (place.platform === 'win32' ? win32 : posix).join(place.cwd, project);
  return {
    client,
    scope: project === undefined ? 'user' : 'project',
    scopeFallback: scope === 'project' && spec.project === undefined,
    file,
    format: spec.format,
    at: [spec.key, name],
    entry: { ...spec.entry(target, name), ...passed(spec, target) },
    burgeeKeys: ownedKeys(spec),
    ...(target.kind === 'http' ? { tokenVariable: target.tokenVariable } : {}),
    ...(target.kind === 'stdio' && target.variables?.length ? { variables: target.variables } : {}),
    ...(spec.notice === undefined ? {} : { notice: spec.notice }),
  };
}

/**
 * The part of a stdio entry that has the client pass variables of its own environment to the server,
 * each by name in the client's own form (K1): the value is the client's to read, never in the file.
 */
function passed(spec: ClientSpec, target: ServerTarget): Record<string, unknown> {
  const names = target.kind === 'stdio' ? (target.variables ?? []) : [];
  if (names.length === 0) return {};
  const env: EnvPassing = spec.env;
  if (env.kind === 'list') return { [env.key]: [...names] };
  if (env.kind === 'table') return { [env.key]: Object.fromEntries(names.map((n) => [n, env.reference(n)])) };
  // The runtime refuses --env for such a client first; reaching here is a fault, not a value to write.
  throw new Error(`${spec.id} cannot pass a variable by name`);
}

/** The keys burgee writes in any client's entry (K2); a client's own spellings are added from its entries. */
const OWNED_KEYS = ['command', 'args', 'type', 'url', 'headers', 'httpUrl', 'serverUrl'] as const;

/**
 * Every key an entry of this client can hold, over stdio or HTTP: what a re-install may replace;
 * never a key the client leaves to a person (its `userKeys`).
 */
export function ownedKeys(spec: ClientSpec): string[] {
  const stdio = spec.entry({ kind: 'stdio', command: '', args: [] }, '');
  const http = spec.entry({ kind: 'http', url: '', tokenVariable: '' }, '');
  const keys = new Set([...OWNED_KEYS, ...Object.keys(stdio), ...Object.keys(http)]);
  for (const key of spec.userKeys ?? []) keys.delete(key);
  // The variables the entry passes are the person's too: burgee only adds its names to them (K2).
  if (spec.env.kind !== 'none') keys.delete(spec.env.key);
  return [...keys];
}

/**
 * The entry as a fragment of the client's file, for a person to paste (`mcp config`). JSON and JSONC
 * are written here; TOML and YAML by `serialise`, their library's writer, which the caller loads.
 */
export function renderClientFragment(
  config: ClientConfig,
  serialise: (value: Record<string, unknown>) => string = (value) => JSON.stringify(value, null, 2),
): string {
  const [key, name] = config.at;
  const fragment = { [key]: { [name]: config.entry } };
  return config.format === 'json' || config.format === 'jsonc'
    ? JSON.stringify(fragment, null, 2)
    : serialise(fragment).trimEnd();
}
