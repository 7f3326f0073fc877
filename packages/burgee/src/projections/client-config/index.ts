import { posix, win32 } from 'node:path';
import {
  type ClientFormat,
  type ClientId,
  type ClientSpec,
  clientSpec,
  type Place,
  type ServerTarget,
} from './clients.js';

export {
  CLIENTS,
  type ClientFormat,
  type ClientId,
  type ClientSpec,
  clientSpec,
  isClientId,
  type Place,
  type ServerTarget,
} from './clients.js';

/** The words `mcp` takes besides a client (K1): `mcp <action> <client> [--scope <scope>]`, and the flags with a value. */
export const MCP_ACTIONS = ['config', 'install'] as const;
export const SCOPES = ['project', 'user'] as const;
export const MCP_VALUE_FLAGS = ['--scope', '--http', '--token-env'] as const;

export type Scope = (typeof SCOPES)[number];

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
  owns: readonly string[];
  /** For a server served over HTTP: the variable that holds its bearer token (the token is never written). */
  tokenVariable?: string;
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
    entry: spec.entry(target, name),
    owns: ownedKeys(spec),
    ...(target.kind === 'http' ? { tokenVariable: target.tokenVariable } : {}),
  };
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
