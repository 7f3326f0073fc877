import { ConfigError } from '../errors/errors.js';
import {
  commandName,
  configTooDeep,
  configTooLarge,
  type FilePlace,
  MAX_CONFIG_BYTES,
  MAX_CONFIG_DEPTH,
  misplacedOption,
  misplacedSection,
  notARegularFile,
  notASection,
  placeText,
  type Refusal,
  unknownConfigKey,
} from '../errors/refusals/index.js';
import type { Manifest, ManifestCommand } from '../manifest/types.js';
import { fs } from '../process/loaded-fs.js';
import { lineColumn, placeOf, scanJson } from '../text/json-position.js';
import type { LoadedConfig } from './config-file.js';

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
    const json = withoutBom(text);
    if (manifest !== undefined) checkConfigKeys(manifest, { file: candidate.path, json }, values);
    return {
      path: candidate.path,
      values,
      locate: (commandPath, key, index) => locate(json, values, commandPath, key, index),
    };
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
  const json = withoutBom(text);
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

const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/**
 * `"up.to" (line 3, column 9)`: the key of the deepest section on the command's path that gives
 * the option (the one configFor let win), and where its value, or its element `index`, starts.
 */
function locate(
  json: string,
  values: Record<string, unknown>,
  commandPath: readonly string[],
  key: string,
  index: number | undefined,
): string {
  let path: (string | number)[] = [key];
  let section: unknown = values;
  for (const [i, word] of commandPath.entries()) {
    section = typeof section === 'object' && section !== null ? (section as Record<string, unknown>)[word] : undefined;
    if (typeof section === 'object' && section !== null && Object.hasOwn(section, key)) {
      path = [...commandPath.slice(0, i + 1), key];
    }
  }
  if (index !== undefined) path.push(index);
  const text = path.map((step, i) => (typeof step === 'number' ? `[${step}]` : i === 0 ? step : `.${step}`)).join('');
  return `"${text}"${placeText(at(json, placeOf(json, path)?.value))}`;
}

const at = (json: string, offset: number | undefined): FilePlace =>
  offset === undefined ? undefined : lineColumn(json, offset);

const refused = (refusal: Refusal): ConfigError => new ConfigError(refusal.message, refusal);

type Source = { file: string; json: string };

/**
 * Refuses a key that nothing reads, so a misspelt or misplaced key is never ignored in silence. A
 * section holds what its command and the commands under it read (configFor merges it into theirs):
 * their options and the sections of its subcommands. The top level is the root's section, so any
 * option of any command is at home there. Keys starting with `$` (such as `$schema`) are the file's own.
 */
function checkConfigKeys(manifest: Manifest, source: Source, values: Record<string, unknown>): void {
  const check = (section: Record<string, unknown>, command: ManifestCommand, path: readonly string[]) => {
    const reads = new Set(optionsUnder(command));
    for (const [key, value] of Object.entries(section)) {
      if (key.startsWith('$')) continue;
      const child = command.commands.find((c) => c.name === key);
      const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
      if (child !== undefined && isObject) check(value as Record<string, unknown>, child, [...path, key]);
      else if (!reads.has(key)) throw refused(refusalOf(manifest, source, { command, path, key, value, child }));
    }
  };
  check(values, manifest.root, []);
}

type Owners = { options: Map<string, ManifestCommand[]>; commands: Map<string, ManifestCommand[]> };

/** The commands that declare each option key, and the commands of each name, anywhere in the program. */
function ownersOf(root: ManifestCommand): Owners {
  const owners: Owners = { options: new Map(), commands: new Map() };
  const add = (map: Map<string, ManifestCommand[]>, key: string, command: ManifestCommand) => {
    const found = map.get(key);
    if (found === undefined) map.set(key, [command]);
    else found.push(command);
  };
  const visit = (command: ManifestCommand) => {
    for (const option of command.options) add(owners.options, option.key, command);
    for (const sub of command.commands) {
      add(owners.commands, sub.name, sub);
      visit(sub);
    }
  };
  visit(root);
  return owners;
}

/** The option keys a command's section may set: its own and those of every command under it. */
function optionsUnder(command: ManifestCommand): string[] {
  return [...command.options.map((o) => o.key), ...command.commands.flatMap(optionsUnder)];
}

type Refused = {
  command: ManifestCommand;
  path: readonly string[];
  key: string;
  value: unknown;
  child: ManifestCommand | undefined;
};

/** Why a key of a section is refused: a command's section that is no object, an option or command elsewhere, or nothing. */
function refusalOf(manifest: Manifest, source: Source, r: Refused): Refusal {
  const keys = [...r.path, r.key];
  const place = placeOf(source.json, keys);
  const where = { file: source.file, at: keys.join('.'), place: at(source.json, place?.key ?? place?.value) };
  if (r.child !== undefined) return notASection({ ...where, place: at(source.json, place?.value) }, kindOf(r.value));
  const here = commandName(manifest, r.command);
  // Read only for a refusal: a file that is right costs no walk of every command for it.
  const owners = ownersOf(manifest.root);
  const declaring = owners.options.get(r.key);
  if (declaring !== undefined) {
    const names = declaring.map((c) => commandName(manifest, c));
    return misplacedOption(where, here, names, [...new Set(declaring.map((c) => c.path.join('.')))]);
  }
  const named = owners.commands.get(r.key)?.[0];
  if (named !== undefined) return misplacedSection(where, commandName(manifest, named), named.path.join('.'));
  const known = [...new Set([...optionsUnder(r.command), ...r.command.commands.map((c) => c.name)])];
  return unknownConfigKey(where, { command: here, top: r.path.length === 0, known });
}

/** What a JSON value is, without its content (it may be a secret). */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? 'a string' : typeof value === 'number' ? 'a number' : 'a boolean';
}
