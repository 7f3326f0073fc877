import { isDeepStrictEqual } from 'node:util';
import type { Document } from 'yaml';
import { lineColumn } from '../runtime/json-position.js';
import {
  notAnObjectAtTop,
  notATable,
  notParsable,
  refuseFile,
  severalDocuments,
  tooManyAliases,
  duplicateKey as twice,
} from './refusals.js';
import { isTable, mergeServer } from './server-entry.js';

type Yaml = typeof import('yaml');

/**
 * A YAML client file (goose's config.yaml) with one server's entry merged in (K2), edited through
 * the `yaml` package's Document, which keeps comments, blank lines, key order and the style of
 * every value it does not touch. Only burgee's keys of the entry are set or removed, one by one.
 * Returns `text` itself when the entry is already there.
 */
export async function mergeYamlEntry(
  file: string,
  text: string | undefined,
  at: readonly [string, string],
  entry: Readonly<Record<string, unknown>>,
  owned: readonly string[],
): Promise<string> {
  const yaml: Yaml = await import('yaml');
  const document = parseYaml(yaml, file, text ?? '');
  const value: unknown = toValue(document, file) ?? {};
  if (!isTable(value)) throw refuseFile(notAnObjectAtTop(file));
  const [key, name] = at;
  const servers = value[key] ?? {};
  if (!isTable(servers)) throw refuseFile(notATable(file, key));
  const existing = servers[name];
  const merged = mergeServer(existing, entry, owned);
  if (text !== undefined && isDeepStrictEqual(existing, merged)) return text;
  if (document.contents === null) document.contents = document.createNode({});
  if (!isTable(existing)) document.setIn([key, name], document.createNode(merged));
  else {
    for (const old of Object.keys(existing)) if (!Object.hasOwn(merged, old)) document.deleteIn([key, name, old]);
    for (const [field, wanted] of Object.entries(merged)) {
      if (!isDeepStrictEqual(existing[field], wanted)) setKeepingComments(yaml, document, [key, name, field], wanted);
    }
  }
  const edited = document.toString({ lineWidth: 0, indentSeq: indentsSequences(text) });
  // The edit must say exactly what the merge decided; anything else is a fault here, not a file to write.
  if (
    !isDeepStrictEqual(yaml.parse(edited, { maxAliasCount: MAX_ALIASES, logLevel: 'error' }) ?? {}, {
      ...value,
      [key]: { ...servers, [name]: merged },
    })
  ) {
    throw new Error(`the edit of ${file} did not give the merged entry`);
  }
  return edited;
}

/**
 * Sets one value, keeping what the person wrote around it: a scalar changes in place (its comment and
 * quoting stay); a new list or map takes over the old value's comments.
 */
function setKeepingComments(yaml: Yaml, document: Document, path: string[], wanted: unknown): void {
  const old = document.getIn(path, true);
  if (yaml.isScalar(old) && (wanted === null || typeof wanted !== 'object')) {
    old.value = wanted;
    return;
  }
  const node = document.createNode(wanted);
  if (yaml.isNode(old))
    Object.assign(node, { comment: old.comment, commentBefore: old.commentBefore, spaceBefore: old.spaceBefore });
  document.setIn(path, node);
}

/**
 * Whether the file indents a list under its key (`args:\n  - a`) rather than not (`args:\n- a`, as
 * goose itself writes): kept, so the lines burgee adds look like the rest.
 */
function indentsSequences(text: string | undefined): boolean {
  const found = /^( *)[^\s#-][^\n]*:[ \t]*\n(?:[ \t]*#[^\n]*\n)*( *)- /m.exec(text ?? '');
  return found === null ? true : found[2]!.length > found[1]!.length;
}

/**
 * The document a YAML text holds. Refused (exit 3): text that is not one YAML document, naming the
 * line and column of the first error, and a map that names a key twice, naming the key.
 */
function parseYaml(yaml: Yaml, file: string, text: string): Document {
  // Warnings (a tag it does not know, kept as written) are the library's to note, not Node's to print.
  const document = yaml.parseDocument(text, { uniqueKeys: true, prettyErrors: false, logLevel: 'error' });
  const error = document.errors[0];
  if (error === undefined) return document;
  const { line, column } = lineColumn(text, error.pos[0]);
  if (error.code === 'MULTIPLE_DOCS') throw refuseFile(severalDocuments(file, line, column));
  if (error.code !== 'DUPLICATE_KEY') throw refuseFile(notParsable(file, 'YAML', line, column));
  const key = /\s*([^:\n]*)/.exec(text.slice(error.pos[0]))?.[1]?.trim() ?? '';
  throw refuseFile(twice(file, key, line, column, 'YAML'));
}

/**
 * The document as plain values. Aliases may expand to at most MAX_ALIASES nodes: a file of nested
 * aliases (a "billion laughs") would otherwise take all memory; it is refused, as a file, exit 3.
 */
function toValue(document: Document, file: string): unknown {
  try {
    return document.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    if (error instanceof ReferenceError) throw refuseFile(tooManyAliases(file, MAX_ALIASES));
    throw error;
  }
}

const MAX_ALIASES = 100;
