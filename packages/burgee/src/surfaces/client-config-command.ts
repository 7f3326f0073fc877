import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { BurgeeError, refuse } from '../errors/errors.js';
import { notAServerUrl } from '../errors/refusals/index.js';
import { ExitCode } from '../manifest/exit-codes.js';
import type { RunResult } from '../pipeline/report.js';
import type { Io } from '../process/io.js';
import {
  type ClientConfig,
  type Place,
  renderClientFragment,
  renderMcpHelp,
  type ServerTarget,
  toClientConfig,
  toMcpHelp,
} from '../projections/client-config/index.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';
import { renderData } from '../projections/human/index.js';
import { installEntry } from '../user-files/index.js';
import { helpWidth } from './help-surface.js';
import { type McpRequest, readMcpWords } from './mcp-words.js';
import type { SynthesisedCall } from './synthesised-commands.js';

/** `mcp config <client>` prints the entry and its file; `mcp install <client>` writes it (K1, K2). */
export async function runMcp(call: SynthesisedCall): Promise<RunResult> {
  const { manifest, io, report } = call;
  const request = readMcpWords(manifest.name, call.words, io.env);
  const config = toClientConfig(request.client, manifest.name, target(call, request), request.scope, placeOf(io));
  if (request.action === 'config') return printConfig(call, config);
  const outcome = await installEntry(config, request.dryRun);
  const data = {
    client: config.client,
    file: config.file,
    entry: config.entry,
    // The file a symbolic link points to, which is the one written (K4).
    ...(outcome.target === outcome.file ? {} : { target: outcome.target }),
    changed: outcome.changed,
    ...(request.dryRun ? { dryRun: true } : {}),
    ...(outcome.backup === undefined ? {} : { backup: outcome.backup }),
    ...(config.notice === undefined ? {} : { notice: config.notice }),
  };
  if (report.json) return report.envelope(toSuccessEnvelope(data, {}, outcome.changed));
  if (config.scopeFallback) report.warn(`${config.client} reads no project file; using its user file`);
  const { entry: _, ...summary } = data;
  const lines = [renderData(summary)];
  if (request.dryRun && outcome.changed) lines.push(`would add:\n${await fragment(config)}`);
  return report.text(lines.join('\n'));
}

/** `mcp --help` and `help mcp`: the actions, every client with its files, the options (K1, K3). */
export async function runMcpHelp(call: SynthesisedCall): Promise<RunResult> {
  const { manifest, io, report } = call;
  const help = toMcpHelp(manifest.name, placeOf(io), defaultTokenVariable(call));
  if (report.json) return report.envelope(toSuccessEnvelope(help, {}));
  return report.text(renderMcpHelp(help, { width: helpWidth(io.stdout.columns), colors: report.colors('stdout') }));
}

/** The machine the client files are for: this platform, the home folder the run sees, its folder. */
function placeOf(io: Io): Place {
  const home = io.env.HOME || io.env.USERPROFILE || homedir();
  return { platform: process.platform, home, cwd: io.cwd, env: io.env };
}

/** The variable an HTTP entry names for the bearer token when `--token-env` does not name one. */
const defaultTokenVariable = ({ manifest }: SynthesisedCall): string =>
  manifest.envPrefix === undefined ? 'BURGEE_MCP_TOKEN' : `${manifest.envPrefix}_MCP_TOKEN`;

async function printConfig(call: SynthesisedCall, config: ClientConfig): Promise<RunResult> {
  const { report } = call;
  if (report.json) {
    const { client, scope, file, entry, notice } = config;
    const data = { client, scope, file, key: config.at.join('.'), entry, ...(notice === undefined ? {} : { notice }) };
    return report.envelope(toSuccessEnvelope(data, {}));
  }
  const fallback = config.scopeFallback ? `; ${config.client} reads no project file` : '';
  const heading = `# ${config.client} (${config.scope} scope${fallback}): add to ${config.file}`;
  const notice = config.notice === undefined ? undefined : `# ${config.notice}`;
  const notes = [tokenNote(config), variablesNote(config), notice].filter((note) => note !== undefined);
  return report.text(`${[heading, ...notes].join('\n')}\n${await fragment(config)}`);
}

/** What the entry's variables are: names the client reads from its own environment, never values. */
function variablesNote(config: ClientConfig): string | undefined {
  const names = config.variables?.map((name) => `$${name}`);
  if (names === undefined) return undefined;
  const them = names.length === 1 ? 'it' : 'them';
  return `# the client passes ${names.join(', ')} from its own environment: set ${them} where the client starts; no value is in this file`;
}

/** Where the bearer token of an HTTP entry goes: the entry names a variable, never the token (M7). */
function tokenNote(config: ClientConfig): string | undefined {
  const variable = config.tokenVariable;
  if (variable === undefined) return undefined;
  const named = JSON.stringify(config.entry).includes(variable);
  return named
    ? `# the client reads the token from $${variable}: set it where the client starts, not in this file`
    : `# ${config.client} reads no token from this file: give it the token from $${variable} in its own settings`;
}

/** The entry as the part of the client's file that holds it, in that file's format. */
async function fragment(config: ClientConfig): Promise<string> {
  if (config.format === 'toml') return renderClientFragment(config, (await import('smol-toml')).stringify);
  if (config.format === 'yaml') return renderClientFragment(config, (await import('yaml')).stringify);
  return renderClientFragment(config);
}

/** The server as the client should reach it: this very program over stdio, or the URL it is served at. */
function target(call: SynthesisedCall, request: McpRequest): ServerTarget {
  const { io } = call;
  if (request.http !== undefined) {
    let url: URL;
    try {
      url = new URL(request.http);
    } catch {
      url = new URL('invalid:');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse(notAServerUrl(request.http));
    return { kind: 'http', url: url.href, tokenVariable: request.tokenEnv ?? defaultTokenVariable(call) };
  }
  if (io.entry === undefined) {
    throw new BurgeeError(ExitCode.RUNTIME, 'cannot tell which script started this program', {
      hint: 'run mcp config from the installed program itself, or give the server URL with --http',
    });
  }
  // The way it was started: this node, this script, so the client runs exactly what was tested.
  const args = [resolve(io.cwd, io.entry), '--mcp'];
  return { kind: 'stdio', command: io.execPath ?? process.execPath, args, variables: request.variables };
}
