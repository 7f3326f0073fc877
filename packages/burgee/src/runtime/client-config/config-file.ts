import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { ClientConfig } from '../../projections/client-config/index.js';
import { ConfigError } from '../errors.js';
import { jsonErrorOffset, lineColumn } from '../json-position.js';
import { plain, replaceSection } from './toml-section.js';

type Document = Record<string, unknown>;

/** What installing one entry did, or would do under `--dry-run`. */
export type InstallOutcome = { changed: boolean; written: boolean; backup?: string; created: boolean };

/**
 * Merges one server entry into a client's file (K2): every other key is kept, the old file is
 * copied to `<file>.bak`, and the new one replaces it by rename, so a crash never leaves half a
 * file. A file that cannot be parsed is refused and left as it was.
 */
export async function installEntry(config: ClientConfig, dryRun: boolean): Promise<InstallOutcome> {
  const existing = await readExisting(config.file);
  const text = existing?.text;
  const document = text === undefined ? {} : await parseDocument(config, text);
  const [key, name] = config.at;
  const table = document[key] ?? {};
  if (typeof table !== 'object' || table === null || Array.isArray(table)) {
    throw new ConfigError(`${config.file}: "${key}" is not a table of servers, so it cannot be merged into`, {
      hint: `make "${key}" an object in ${config.file}, or remove it`,
    });
  }
  const servers = table as Document;
  const changed = !isDeepStrictEqual(plain(servers[name]), config.entry);
  const outcome: InstallOutcome = { changed, written: false, created: text === undefined };
  if (!changed || dryRun) return outcome;
  document[key] = { ...servers, [name]: config.entry };
  await mkdir(dirname(config.file), { recursive: true });
  if (text !== undefined) {
    outcome.backup = `${config.file}.bak`;
    await copyFile(config.file, outcome.backup);
  }
  // The same permissions as before: a user's client file may hold tokens and be readable by them alone.
  await writeAtomically(config.file, await serialise(config, document, text), existing?.mode);
  outcome.written = true;
  return outcome;
}

/** The file's text and mode, or undefined when there is no file yet; anything but a regular file is refused. */
async function readExisting(file: string): Promise<{ text: string; mode: number } | undefined> {
  try {
    const info = await stat(file);
    if (!info.isFile()) {
      throw new ConfigError(`${file} is not a regular file`, { hint: 'move it aside, then install again' });
    }
    return { text: await readFile(file, 'utf8'), mode: info.mode & 0o777 };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`, {
      hint: 'check the file permissions',
    });
  }
}

async function parseDocument(config: ClientConfig, raw: string): Promise<Document> {
  const text = raw.replace(/^\uFEFF/, '');
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = config.format === 'toml' ? (await import('smol-toml')).parse(text) : JSON.parse(text);
  } catch (error) {
    const { line, column } = position(text, error);
    throw new ConfigError(
      `${config.file} is not valid ${config.format.toUpperCase()} at line ${line}, column ${column}; nothing was written`,
      { hint: `fix ${config.file} by hand, or print the entry with mcp config and add it yourself` },
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`${config.file} must hold an object at its top, line 1, column 1; nothing was written`, {
      hint: `fix ${config.file} by hand`,
    });
  }
  return value as Document;
}

/** Line and column of a parse failure: smol-toml reports them, JSON.parse a message to read them from. */
function position(text: string, error: unknown): { line: number; column: number } {
  const { line, column } = error as { line?: unknown; column?: unknown };
  if (typeof line === 'number' && typeof column === 'number') return { line, column };
  return lineColumn(text, jsonErrorOffset(text) ?? text.length);
}

/**
 * The new file. A TOML file keeps the user's comments and layout: only the server's own tables are
 * rewritten, unless that cannot be done faithfully (toml-section.ts). JSON has no comments to keep.
 */
async function serialise(config: ClientConfig, document: Document, before: string | undefined): Promise<string> {
  if (config.format !== 'toml') return `${JSON.stringify(document, null, 2)}\n`;
  const toml = await import('smol-toml');
  const kept = before === undefined ? undefined : replaceSection(toml, before, config.at, config.entry, document);
  return kept ?? `${toml.stringify(document)}\n`;
}

async function writeAtomically(file: string, text: string, mode: number | undefined): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, text, mode === undefined ? { flag: 'wx' } : { flag: 'wx', mode });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
