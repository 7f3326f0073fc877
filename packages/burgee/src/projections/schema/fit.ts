import { ExitCode } from '../../manifest/exit-codes.js';
import { offers, TASKS_ACTIONS } from '../../manifest/synthesised.js';
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { schemaCommandName, toCommandSchema } from './command-schema.js';
import type {
  CommandName,
  CommandSummary,
  FittedSchema,
  FullSchemaDocument,
  GroupCount,
  SchemaDetail,
  SchemaDocumentOptions,
  SummarySchemaDocument,
  TasksSchema,
} from './types.js';

/** One line of an over-budget document: a command, or a group standing for its commands. */
type Entry = { kind: 'command'; value: CommandSummary | CommandName } | { kind: 'group'; value: GroupCount };

/** One way of listing the commands within the budget, with its exact size when on one page. */
type Form = { detail: SchemaDetail; entries: Entry[]; size: number };

type Header = Pick<
  FullSchemaDocument,
  'schemaVersion' | 'name' | 'version' | 'description' | 'group' | 'shadows' | 'tasks'
>;

/**
 * The `--schema` document within its character budget (S4). In full when it fits; else the
 * first of these that fits: summaries, names and effects, names with groups counted where that is
 * shorter. When none does, the shortest is cut into pages of as many entries as fit (`truncated`,
 * `--schema --page N`), so the output never exceeds the budget and every command stays reachable.
 */
export function fitSchemaDocument(
  manifest: Manifest,
  commands: readonly ManifestCommand[],
  options: SchemaDocumentOptions = {},
): FittedSchema {
  const budget = options.budget ?? manifest.schemaBudget;
  const page = options.page ?? 1;
  const scope = options.group ?? [];
  const header = toHeader(manifest, scope);
  const full = fullIfWithin(header, commands, options.full === true ? Number.POSITIVE_INFINITY : budget);
  if (full !== undefined) return page === 1 ? { ok: true, document: full } : { ok: false, reason: 'page', pages: 1 };
  const prefix = [manifest.name, ...scope].join(' ');
  let shortest: Form | undefined;
  for (const form of forms(commands, scope.length)) {
    const size = form.size + render(summaryDocument(header, budget, form.detail, [], hintFor(prefix, form))).length;
    if (size <= budget) {
      if (page !== 1) return { ok: false, reason: 'page', pages: 1 };
      return { ok: true, document: summaryDocument(header, budget, form.detail, form.entries, hintFor(prefix, form)) };
    }
    if (shortest === undefined || form.size < shortest.size) shortest = form;
  }
  return paginate(header, budget, shortest!, prefix, page);
}

function toHeader(manifest: Manifest, scope: readonly string[]): Header {
  return {
    schemaVersion: 1,
    name: manifest.name,
    ...(manifest.version === undefined ? {} : { version: manifest.version }),
    ...(manifest.description === undefined ? {} : { description: manifest.description }),
    ...(scope.length === 0 ? {} : { group: scope.join(' ') }),
    // Surfaces an adapter program declared itself, which burgee leaves to it (F3).
    ...(manifest.shadows === undefined || manifest.shadows.length === 0 ? {} : { shadows: [...manifest.shadows] }),
    // The task commands are burgee's own (K3), so not in `commands`; an agent still learns to follow one.
    ...(offers(manifest.root, 'tasks') ? { tasks: TASKS_SCHEMA } : {}),
  };
}

const TASKS_SCHEMA: TasksSchema = {
  detach: '--detach',
  commands: TASKS_ACTIONS.map((action) => (action === 'list' ? 'tasks list' : `tasks ${action} <id>`)),
};

const render = (value: unknown): string => JSON.stringify(value);

/** The full document when it fits, measured command by command so a huge program stops early. */
function fullIfWithin(
  header: Header,
  commands: readonly ManifestCommand[],
  budget: number,
): FullSchemaDocument | undefined {
  const document: FullSchemaDocument = { ...header, exitCodes: { ...ExitCode }, commands: [] };
  let size = render(document).length - 1;
  for (const command of commands) {
    const schema = toCommandSchema(command);
    size += render(schema).length + 1;
    if (size > budget) return undefined;
    document.commands.push(schema);
  }
  return document;
}

/** The shorter forms, from most to least detailed; groups only where counting one is shorter. */
function forms(commands: readonly ManifestCommand[], depth: number): Form[] {
  const summaries: Entry[] = [];
  const names: Entry[] = [];
  for (const command of commands) {
    const name = schemaCommandName(command);
    const effects = command.effects ?? 'undeclared';
    const summary = command.summary ?? firstSentence(command.description ?? '');
    summaries.push({ kind: 'command', value: { name, summary, effects } });
    names.push({ kind: 'command', value: { name, effects } });
  }
  const byGroup = grouped(commands, names, depth);
  const counted = byGroup.some((entry) => entry.kind === 'group');
  return [measured('summary', summaries), measured('names', names), ...(counted ? [measured('groups', byGroup)] : [])];
}

/** Counts the commands of each group where one group line is shorter than their name lines. */
function grouped(commands: readonly ManifestCommand[], names: readonly Entry[], depth: number): Entry[] {
  const members = new Map<string, Entry[]>();
  commands.forEach((command, i) => {
    // Commands at this level, and the root of a one-command program, stay as they are.
    const word = command.path.length > depth + 1 ? command.path[depth]! : `\0${i}`;
    const list = members.get(word) ?? [];
    list.push(names[i]!);
    members.set(word, list);
  });
  const entries: Entry[] = [];
  const prefix = commands[0]?.path.slice(0, depth) ?? [];
  for (const [word, list] of members) {
    const group: Entry = { kind: 'group', value: { name: [...prefix, word].join(' '), commands: list.length } };
    const listed = list.reduce((sum, entry) => sum + render(entry.value).length + 1, 0);
    if (!word.startsWith('\0') && render(group.value).length + 1 < listed) entries.push(group);
    else entries.push(...list);
  }
  return entries;
}

/** A form with the size its entries add to the document: item lengths and the commas between them. */
function measured(detail: SchemaDetail, entries: Entry[]): Form {
  const groups = entries.filter((entry) => entry.kind === 'group').length;
  let size = entries.reduce((sum, entry) => sum + render(entry.value).length + 1, 0);
  // No comma after the last item of each non-empty array; an absent `groups` key costs nothing.
  size -= Math.min(1, entries.length - groups) + Math.min(1, groups);
  if (groups > 0) size += ',"groups":[]'.length;
  return { detail, entries, size };
}

/** Entries name commands and groups by their whole path, so only paging repeats the group drilled into. */
function hintFor(prefix: string, form: Form, pages = false): string {
  const program = prefix.split(' ')[0]!;
  const parts = [`${program} <command> --schema prints one command in full`];
  if (form.entries.some((entry) => entry.kind === 'group')) parts.push(`${program} <group> --schema lists a group`);
  if (pages) parts.push(`${prefix} --schema --page <n> prints page n`);
  return parts.join('; ');
}

function summaryDocument(
  header: Header,
  budget: number,
  detail: SchemaDetail,
  entries: readonly Entry[],
  hint: string,
  paging?: { page: number; pages: number },
): SummarySchemaDocument {
  const groups = entries.flatMap((entry) => (entry.kind === 'group' ? [entry.value] : []));
  return {
    ...header,
    summarised: true,
    detail,
    budget,
    exitCodes: { ...ExitCode },
    commands: entries.flatMap((entry) => (entry.kind === 'command' ? [entry.value] : [])),
    ...(groups.length === 0 ? {} : { groups }),
    ...(paging === undefined ? {} : { truncated: true as const, ...paging }),
    hint,
  };
}

/** Cuts the form into pages filled greedily in order; sizes are counted for the widest page numbers. */
function paginate(header: Header, budget: number, form: Form, prefix: string, page: number): FittedSchema {
  const hint = hintFor(prefix, form, true);
  const widest = { page: form.entries.length, pages: form.entries.length };
  const hasGroups = form.entries.some((entry) => entry.kind === 'group');
  // The document states its own budget, so what it takes grows with the digits of that number.
  const baseAt = (n: number): number =>
    render(summaryDocument(header, n, form.detail, [], hint, widest)).length + (hasGroups ? ',"groups":[]'.length : 0);
  const base = baseAt(budget);
  const costs = form.entries.map((entry) => render(entry.value).length + 1);
  const widestEntry = Math.max(...costs);
  if (base + widestEntry > budget) return { ok: false, reason: 'budget', minimum: smallest(baseAt, widestEntry) };
  const pages: Entry[][] = [];
  let current: Entry[] = [];
  let used = base;
  for (const [i, entry] of form.entries.entries()) {
    const cost = costs[i]!;
    if (used + cost > budget) {
      pages.push(current);
      current = [];
      used = base;
    }
    current.push(entry);
    used += cost;
  }
  pages.push(current);
  const entries = pages[page - 1];
  if (entries === undefined) return { ok: false, reason: 'page', pages: pages.length };
  const paging = { page, pages: pages.length };
  return { ok: true, document: summaryDocument(header, budget, form.detail, entries, hint, paging) };
}

/**
 * The smallest budget whose document holds the widest entry: `base(n) + entry <= n`. The base grows
 * only with the digits of `n`, so rising from the size at one digit settles within a step per digit.
 */
function smallest(base: (n: number) => number, entry: number): number {
  let n = base(1) + entry;
  while (base(n) + entry > n) n = base(n) + entry;
  return n;
}

/** The first sentence of a description: up to the first `.`, `!` or `?` that ends a word, on its first line. */
export function firstSentence(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  const end = /[.!?](?=\s|$)/.exec(line);
  return end === null ? line.trim() : line.slice(0, end.index + 1);
}
