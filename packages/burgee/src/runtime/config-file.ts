import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { Manifest } from '../manifest/types.js';
import { ConfigError } from './errors.js';
import type { Globals } from './parse-argv.js';

/** A config file that was found and parsed. */
export type LoadedConfig = { path: string; values: Record<string, unknown> };

/** Candidate config paths in precedence order, with why each is looked at (DESIGN P3). */
export function configCandidates(
  manifest: Manifest,
  globals: Globals,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): { path: string; explicit: boolean }[] {
  if (!manifest.config || globals.noConfig) return [];
  const at = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  if (globals.config !== undefined) return [{ path: at(globals.config), explicit: true }];
  const variable = manifest.envPrefix === undefined ? undefined : env[`${manifest.envPrefix}_CONFIG`];
  if (variable !== undefined && variable !== '') return [{ path: at(variable), explicit: true }];
  const home = env.HOME;
  const xdg = env.XDG_CONFIG_HOME || (home === undefined ? undefined : join(home, '.config'));
  const found = [{ path: join(cwd, `${manifest.name}.config.json`), explicit: false }];
  if (xdg !== undefined) found.push({ path: join(xdg, manifest.name, 'config.json'), explicit: false });
  return found;
}

/** Loads the first config file that exists; an explicit path that is missing, or any malformed file, is a CONFIG error. */
export function loadConfig(candidates: readonly { path: string; explicit: boolean }[]): LoadedConfig | undefined {
  for (const candidate of candidates) {
    let text: string;
    try {
      text = readFileSync(candidate.path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (!candidate.explicit && (code === 'ENOENT' || code === 'ENOTDIR')) continue;
      throw new ConfigError(`cannot read config file ${candidate.path}: ${code ?? 'unreadable'}`, {
        hint: 'check the path given by --config or the config environment variable',
      });
    }
    return { path: candidate.path, values: parseConfig(candidate.path, text) };
  }
  return undefined;
}

/** Parses JSON config text, naming file, line and column when it is malformed. */
export function parseConfig(path: string, text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const { line, column } = locate(text, (error as Error).message);
    throw new ConfigError(`config file ${path} is not valid JSON at line ${line}, column ${column}`, {
      hint: `fix the JSON in ${path}, or run with --no-config to ignore it`,
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`config file ${path} must hold a JSON object, line 1, column 1`, {
      hint: 'write {"option": value, …}',
    });
  }
  return value as Record<string, unknown>;
}

/** Turns the parser's message into a line and column; Node 20 reports only a character position. */
function locate(text: string, message: string): { line: number; column: number } {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn !== null) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /position (\d+)/.exec(message);
  const offset = position === null ? text.length : Number(position[1]);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** The config values that apply to a command: top-level keys, overridden by its own section (`"deploy": {…}`). */
export function configFor(config: LoadedConfig | undefined, path: readonly string[]): Record<string, unknown> {
  if (config === undefined) return {};
  const merged: Record<string, unknown> = { ...config.values };
  let section: unknown = config.values;
  for (const word of path) {
    section = typeof section === 'object' && section !== null ? (section as Record<string, unknown>)[word] : undefined;
    if (typeof section === 'object' && section !== null && !Array.isArray(section)) Object.assign(merged, section);
  }
  return merged;
}
