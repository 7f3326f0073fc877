import { isDeepStrictEqual } from 'node:util';
import type { Document, Node as YamlNode } from 'yaml';
import { lineColumn } from '../text/json-position.js';
import {
  badYamlAlias,
  notAMapAtTop,
  notParsable,
  refuseFile,
  severalDocuments,
  sharedYamlValue,
  tooManyAliases,
  duplicateKey as twice,
  yamlTag,
} from './refusals.js';
import { entryIn, isTable, type MergeArgs } from './server-entry.js';

type Yaml = typeof import('yaml');

/**
 * How many values a file's aliases may add once expanded. Everything after the parse walks the
 * expanded value (the merge, the check of the edit), so an alias bomb, a few lines that expand to
 * billions of values, must be stopped before it; a real config shares an env or a list a few times.
 */
const ALIAS_LIMIT = 10_000;

/**
 * Tags beyond plain data (`!!binary`, `!!set`, `!!timestamp`, an application's own `!thing`) are left
 * unresolved, so each is a warning at its own line and column, not a Uint8Array, Set or Date that
 * would be written back other than as it was. Warnings stay in the document, never on stderr
 * ('error', not 'silent': 'silent' drops the error of a second document, and parse's errors).
 * Aliases are bounded by ALIAS_LIMIT, not by the package's `maxAliasCount`: that one throws from
 * toJS with no place to name, and takes a 101st use of one plain anchor for an attack.
 */
const PARSE = { uniqueKeys: true, prettyErrors: false, resolveKnownTags: false, logLevel: 'error' } as const;
const TO_JS = { maxAliasCount: -1 } as const;

/**
 * A YAML client file (goose's config.yaml) with one server's entry merged in (K2), edited through
 * the `yaml` package's Document, which keeps comments, blank lines, key order and the style of
 * every value it does not touch. Only burgee's keys of the entry are set or removed, one by one.
 * Returns `text` itself when the entry is already there.
 */
export async function mergeYamlEntry(...args: MergeArgs): Promise<string> {
  const [file, text, at] = args;
  const yaml: Yaml = await import('yaml');
  const source = text ?? '';
  const document = parseYaml(yaml, file, source);
  const value: unknown = document.toJS(TO_JS) ?? {};
  if (!isTable(value)) {
    const { line, column } = lineColumn(source, document.contents?.range?.[0] ?? 0);
    throw refuseFile(notAMapAtTop(file, line, column));
  }
  const [key, name] = at;
  const { servers, existing, merged } = entryIn(value, args);
  mustNotShare(yaml, file, source, document, at);
  if (text !== undefined && isDeepStrictEqual(existing, merged)) return text;
  // No contents, or a null one (`---` alone, `~`): a map takes its place, as the empty file it stands for.
  if (!yaml.isMap(document.contents)) document.contents = document.createNode({});
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
    !isDeepStrictEqual(yaml.parse(edited, { ...PARSE, ...TO_JS }) ?? {}, {
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
 * The document a YAML text holds, refused (exit 3) at the line and column of what is wrong: text that
 * is not one YAML document, a map naming a key twice, a tag that is not plain data, an alias that
 * names nothing, names the value it sits in, or expands past ALIAS_LIMIT.
 */
function parseYaml(yaml: Yaml, file: string, text: string): Document {
  const document = yaml.parseDocument(text, PARSE);
  const at = (offset: number) => lineColumn(text, offset);
  const error = document.errors[0];
  if (error !== undefined) {
    const { line, column } = at(error.pos[0]);
    if (error.code === 'DUPLICATE_KEY')
      throw refuseFile(twice(file, keyAt(yaml, document, text, error.pos[0]), line, column, 'YAML'));
    if (error.code === 'MULTIPLE_DOCS') throw refuseFile(severalDocuments(file, line, column));
    throw refuseFile(notParsable(file, 'YAML', line, column));
  }
  // Other warnings (an unknown directive, a flow list indented less than YAML asks) change no value.
  const tag = document.warnings.find((w) => w.code === 'TAG_RESOLVE_FAILED' || w.code === 'BAD_COLLECTION_TYPE');
  if (tag !== undefined) {
    const { line, column } = at(tag.pos[0]);
    throw refuseFile(yamlTag(file, text.slice(tag.pos[0], tag.pos[1]), line, column));
  }
  checkAliases(yaml, file, text, document);
  return document;
}

/** The key that starts at `offset` (a duplicate's second naming), as the map holds it: quotes and escapes undone. */
function keyAt(yaml: Yaml, document: Document, text: string, offset: number): string {
  let found: string | undefined;
  yaml.visit(document, {
    Pair(_, pair) {
      if (!yaml.isNode(pair.key) || pair.key.range?.[0] !== offset) return undefined;
      found = keyText(yaml, pair.key);
      return yaml.visit.BREAK;
    },
  });
  return found ?? /\s*([^:\n]*)/.exec(text.slice(offset))?.[1]?.trim() ?? '';
}

/** A map key as a path segment: a scalar's value, anything else as YAML writes it. */
const keyText = (yaml: Yaml, key: unknown): string => String(yaml.isScalar(key) ? key.value : key);

/**
 * Resolves every alias as YAML does (the last anchor of its name before it), counting what each adds
 * once expanded; the walk follows the text, not the expansion, so a bomb costs no more than its lines.
 */
function checkAliases(yaml: Yaml, file: string, text: string, document: Document): void {
  const anchored = new Map<string, YamlNode>();
  const sizes = new Map<YamlNode, number>();
  let added = 0;
  const size = (node: unknown): number => {
    if (yaml.isAlias(node)) {
      const refuse = (why: string) => {
        const { line, column } = lineColumn(text, node.range?.[0] ?? 0);
        return refuseFile(badYamlAlias(file, node.source, line, column, why));
      };
      const target = anchored.get(node.source);
      if (target === undefined) throw refuse(`names no anchor &${node.source} set before it`);
      const known = sizes.get(target);
      // Its anchor is still open: the alias sits inside the value it names, which then never ends.
      if (known === undefined) throw refuse(`sits inside the value &${node.source} names, so that value never ends`);
      added += known;
      if (added > ALIAS_LIMIT) {
        const { line, column } = lineColumn(text, node.range?.[0] ?? 0);
        throw refuseFile(tooManyAliases(file, ALIAS_LIMIT, node.source, line, column));
      }
      return known;
    }
    if (yaml.isPair(node)) return size(node.key) + size(node.value);
    if (!yaml.isNode(node)) return 0;
    if (node.anchor !== undefined) anchored.set(node.anchor, node);
    let total = 1;
    if (yaml.isCollection(node)) for (const item of node.items) total += size(item);
    sizes.set(node, total);
    return total;
  };
  size(document.contents);
}

/**
 * Refuses an edit that would reach through an alias or change an anchored value an alias repeats:
 * the servers' map and the entry themselves, and anything inside the entry. An alias inside the entry
 * is fine: burgee replaces or keeps it whole.
 */
function mustNotShare(
  yaml: Yaml,
  file: string,
  text: string,
  document: Document,
  [key, name]: readonly [string, string],
): void {
  const repeated = new Set<string>();
  yaml.visit(document, {
    Alias(_, alias) {
      repeated.add(alias.source);
    },
  });
  const refuse = (path: readonly string[], node: YamlNode) => {
    const { line, column } = lineColumn(text, node.range?.[0] ?? 0);
    return refuseFile(sharedYamlValue(file, path.join('.'), line, column));
  };
  const shared = (node: YamlNode) => yaml.isAlias(node) || (node.anchor !== undefined && repeated.has(node.anchor));
  const servers = document.get(key, true);
  if (!yaml.isNode(servers)) return;
  if (shared(servers)) throw refuse([key], servers);
  if (!yaml.isMap(servers)) return;
  const within = (node: unknown, path: readonly string[]): void => {
    if (!yaml.isNode(node) || yaml.isAlias(node)) return;
    if (node.anchor !== undefined && repeated.has(node.anchor)) throw refuse(path, node);
    if (yaml.isMap(node)) for (const pair of node.items) within(pair.value, [...path, keyText(yaml, pair.key)]);
    else if (yaml.isSeq(node)) for (const [i, item] of node.items.entries()) within(item, [...path, String(i)]);
  };
  const entry = servers.get(name, true);
  if (yaml.isAlias(entry)) throw refuse([key, name], entry);
  within(entry, [key, name]);
}
