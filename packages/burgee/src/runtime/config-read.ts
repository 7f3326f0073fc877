import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import type { Manifest, ManifestCommand } from '../manifest/types.js';
import { notARegularFile, unknownConfigKey } from '../projections/refusals/index.js';
import type { LoadedConfig } from './config-file.js';
import { ConfigError } from './errors.js';
import { jsonErrorOffset, lineColumn } from './json-position.js';

// Loaded with import() by a run that has a config file to look for: importing node:fs as an ES
// module makes Node fill in its every export, file streams and promises included, which a program
// that declares no config should not pay for at start (N1).

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
