import type { Manifest, ManifestCommand } from '../manifest/types.js';
import {
  configTooDeep,
  configTooLarge,
  MAX_CONFIG_BYTES,
  MAX_CONFIG_DEPTH,
  notARegularFile,
  notASection,
  type Refusal,
  unknownConfigKey,
} from '../projections/refusals/index.js';
import type { LoadedConfig } from './config-file.js';
import { ConfigError } from './errors.js';
import { lineColumn, scanJson, valueOffset } from './json-position.js';
import { fs } from './node-fs-ready.js';

// Loaded with import() by a run that has a config file to look for, and reads node:fs without its
// ES module facade (builtins.ts): a program that declares no config pays for neither at start (N1).

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
    return { path: candidate.path, values, locate: (commandPath, key) => locate(text, values, commandPath, key) };
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
    fd = fs.openSync(path, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!explicit && (code === 'ENOENT' || code === 'ENOTDIR')) return undefined;
    throw new ConfigError(`cannot read config file ${path}: ${code ?? 'unreadable'}`, {
      hint: 'check the path given by --config or the config environment variable',
    });
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw refused(notARegularFile(path));
    // Refused before a byte is read: a config file that big is a mistake, and reading it costs every run.
    if (stat.size > MAX_CONFIG_BYTES) throw refused(configTooLarge(path, stat.size));
    const text = fs.readFileSync(fd, 'utf8');
    // It may have grown since: the text read counts too.
    if (Buffer.byteLength(text) > MAX_CONFIG_BYTES) throw refused(configTooLarge(path, Buffer.byteLength(text)));
    return text;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Parses JSON config text, naming file, line and column when it is malformed, at any depth; a UTF-8
 * BOM is allowed. Nesting past MAX_CONFIG_DEPTH is refused by its path before JSON.parse builds it.
 */
export function parseConfig(path: string, text: string): Record<string, unknown> {
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const scan = scanJson(json, MAX_CONFIG_DEPTH);
  if (scan.kind === 'too-deep') {
    const { line, column } = lineColumn(json, scan.at);
    throw refused(configTooDeep(path, scan.path, line, column));
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    const { line, column } = lineColumn(json, scan.kind === 'invalid' ? scan.at : json.length);
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
 * `"up.to" (line 3, column 9)`: the key of the deepest section on the command's path that gives
 * the option (the one configFor let win), and where its value starts.
 */
function locate(text: string, values: Record<string, unknown>, commandPath: readonly string[], key: string): string {
  let path: string[] = [key];
  let section: unknown = values;
  for (const [i, word] of commandPath.entries()) {
    section = typeof section === 'object' && section !== null ? (section as Record<string, unknown>)[word] : undefined;
    if (typeof section === 'object' && section !== null && Object.hasOwn(section, key)) {
      path = [...commandPath.slice(0, i + 1), key];
    }
  }
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const offset = valueOffset(json, path);
  const where =
    offset === undefined ? '' : (({ line, column }) => ` (line ${line}, column ${column})`)(lineColumn(json, offset));
  return `"${path.join('.')}"${where}`;
}

const refused = (refusal: Refusal): ConfigError => new ConfigError(refusal.message, refusal);

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
      if (!commands.has(key)) throw refused(unknownConfigKey(path, `${where}${key}`, key, [...options, ...commands]));
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw refused(notASection(path, `${where}${key}`, kindOf(value)));
      }
      check(value as Record<string, unknown>, `${where}${key}.`);
    }
  };
  check(values, '');
}

/** What a JSON value is, without its content (it may be a secret). */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? 'a string' : typeof value === 'number' ? 'a number' : 'a boolean';
}
