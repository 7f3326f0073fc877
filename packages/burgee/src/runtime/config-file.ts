import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { Manifest, ManifestCommand } from '../manifest/types.js';
import { notARegularFile, unknownConfigKey } from '../projections/refusals/index.js';
import { ConfigError } from './errors.js';
import { jsonErrorOffset, lineColumn } from './json-position.js';
import type { Globals } from './parse-argv.js';

/** A config file that was found and parsed. */
export type LoadedConfig = { path: string; values: Record<string, unknown> };

/** Candidate config paths in precedence order, with why each is looked at (P3). */
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

/**
 * Loads the first config file that exists; an explicit path that is missing, anything but a regular
 * file, a malformed file or a key that names nothing is a CONFIG error (P3).
 */
export function loadConfig(
  candidates: readonly { path: string; explicit: boolean }[],
  manifest?: Manifest,
): LoadedConfig | undefined {
  for (const candidate of candidates) {
    const text = readRegularFile(candidate.path, candidate.explicit);
    if (text === undefined) continue;
    const values = parseConfig(candidate.path, text);
    if (manifest !== undefined) checkConfigKeys(manifest, candidate.path, values);
    return { path: candidate.path, values };
  }
  return undefined;
}

/**
 * The text of a regular file; undefined when a candidate that was only looked for is absent. Opened
 * without blocking, so a FIFO with no writer is refused at once instead of waited on.
 */
function readRegularFile(path: string, explicit: boolean): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!explicit && (code === 'ENOENT' || code === 'ENOTDIR')) return undefined;
    throw new ConfigError(`cannot read config file ${path}: ${code ?? 'unreadable'}`, {
      hint: 'check the path given by --config or the config environment variable',
    });
  }
  try {
    if (!fstatSync(fd).isFile()) {
      const refusal = notARegularFile(path);
      throw new ConfigError(refusal.message, refusal);
    }
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/** Parses JSON config text, naming file, line and column when it is malformed; a UTF-8 BOM is allowed. */
export function parseConfig(path: string, text: string): Record<string, unknown> {
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    const { line, column } = lineColumn(json, jsonErrorOffset(json) ?? json.length);
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

/**
 * Refuses a key that names no option of any command and no command, at the top level or in a
 * command's section: a misspelt key would otherwise be ignored in silence. Keys starting with `$`
 * (such as `$schema`) are the file's own.
 */
function checkConfigKeys(manifest: Manifest, path: string, values: Record<string, unknown>): void {
  const options = new Set<string>();
  const commands = new Set<string>();
  const visit = (command: ManifestCommand) => {
    for (const option of command.options) options.add(option.key);
    for (const sub of command.commands) {
      commands.add(sub.name);
      visit(sub);
    }
  };
  visit(manifest.root);
  const check = (section: Record<string, unknown>, where: string) => {
    for (const [key, value] of Object.entries(section)) {
      if (key.startsWith('$') || options.has(key)) continue;
      if (!commands.has(key)) {
        const refusal = unknownConfigKey(path, `${where}${key}`, key, [...options, ...commands]);
        throw new ConfigError(refusal.message, refusal);
      }
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        check(value as Record<string, unknown>, `${where}${key}.`);
      }
    }
  };
  check(values, '');
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
