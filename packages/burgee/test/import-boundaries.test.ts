import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/cli.js';

/** One import as TypeScript's own parser reads it: where from, where to, and how it loads. */
type Edge = { from: string; to: string; line: number; kind: 'static' | 'type' | 'dynamic' };

const packages = join(repoRoot, 'packages');

/** Every source file of a package, tests and fixtures left out: they are not what ships. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !/\.test(-d)?\.ts$|[/\\]fixtures\.ts$/.test(file));
}

/** The imports of one file: declarations, re-exports and `import()` calls, with what they point at. */
function importsOf(file: string, text = readFileSync(file, 'utf8')): Edge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edges: Edge[] = [];
  const add = (specifier: ts.Node, kind: Edge['kind']) => {
    if (!ts.isStringLiteral(specifier)) return;
    const line = source.getLineAndCharacterOfPosition(specifier.getStart()).line + 1;
    edges.push({ from: file, to: target(file, specifier.text), line, kind });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, node.importClause?.isTypeOnly ? 'type' : 'static');
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined)
      add(node.moduleSpecifier, node.isTypeOnly ? 'type' : 'static');
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node.arguments[0]!, 'dynamic');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** A relative specifier as the source file it names (`./x.js` → `/…/x.ts`); a package name as is. */
const target = (file: string, specifier: string): string =>
  specifier.startsWith('.') ? resolve(dirname(file), specifier).replace(/\.js$/, '.ts') : specifier;

const burgeeSrc = join(packages, 'burgee', 'src');
const under = (path: string, ...parts: string[]) => path.startsWith(`${join(burgeeSrc, ...parts)}/`);
const show = (edge: Edge) =>
  `${relative(repoRoot, edge.from)}:${edge.line} → ${relative(repoRoot, edge.to) || edge.to}`;

/** The rooms of the run: its steps, the process guards, the dispatch, MCP serving, the surfaces, the host seam, tasks. */
const RUN_ROOMS = ['pipeline', 'process', 'run', 'mcp', 'surfaces', 'host', 'tasks'];
const inRun = (path: string) => RUN_ROOMS.some((room) => under(path, room));
/** The shared leaves every room may import: the error family with its `Refusal` type, and the text readers. */
const LEAVES = ['errors', 'text'];

/** The arrows of the architecture, each a rule an import can break. */
const RULES: { name: string; breaks: (edge: Edge) => boolean }[] = [
  {
    name: 'declaration/, manifest/ and projections/ never import the run (not even a type)',
    breaks: (edge) =>
      ['declaration', 'manifest', 'projections'].some((layer) => under(edge.from, layer)) && inRun(edge.to),
  },
  {
    name: 'the run loads mcp/ only with import(), so ordinary runs never load the MCP SDK',
    breaks: (edge) => inRun(edge.from) && !under(edge.from, 'mcp') && under(edge.to, 'mcp') && edge.kind === 'static',
  },
  {
    name: "the MCP SDK's values come through mcp/sdk.ts alone (its types may be named anywhere)",
    breaks: (edge) =>
      /^(@modelcontextprotocol\/(server|core)|zod)(\/|$)/.test(edge.to) &&
      edge.kind !== 'type' &&
      edge.from !== join(burgeeSrc, 'mcp', 'sdk.ts'),
  },
  {
    name: 'errors/ and text/ are leaves: they import only manifest/ (the error family takes no Refusal from projections/)',
    breaks: (edge) =>
      LEAVES.some((leaf) => under(edge.from, leaf)) &&
      edge.to.startsWith(burgeeSrc) &&
      !['manifest', ...LEAVES].some((room) => under(edge.to, room)),
  },
  {
    name: 'user-files/ never imports the run: the writer is no part of it (its failures and JSON positions are leaves)',
    breaks: (edge) => under(edge.from, 'user-files') && inRun(edge.to),
  },
  {
    name: 'user-files/ is reached only from the synthesised commands (each loaded with import()), the task store and cli/',
    breaks: (edge) =>
      under(edge.to, 'user-files') &&
      !['user-files', 'surfaces', 'tasks', 'cli'].some((room) => under(edge.from, room)),
  },
  {
    name: "the run never imports check/ (check/ reads the run's parser, so the arrow goes one way)",
    breaks: (edge) => inRun(edge.from) && under(edge.to, 'check'),
  },
  {
    name: 'pipeline/ and process/ import none of run/, surfaces/, host/, mcp/: the steps sit below what wires them',
    breaks: (edge) =>
      ['pipeline', 'process'].some((room) => under(edge.from, room)) &&
      ['run', 'surfaces', 'host', 'mcp'].some((room) => under(edge.to, room)),
  },
  {
    name: 'surfaces/ and host/ never import run/: execute() dispatches to them, never the reverse',
    breaks: (edge) => ['surfaces', 'host'].some((room) => under(edge.from, room)) && under(edge.to, 'run'),
  },
  {
    name: 'mcp/ never imports run/ (not even a type): run/ starts the server for --mcp and hands execute() in',
    breaks: (edge) => under(edge.from, 'mcp') && under(edge.to, 'run'),
  },
  {
    name: 'tasks/ never imports run/: run/ starts a worker and hands execute() in, as it does for mcp/',
    breaks: (edge) => under(edge.from, 'tasks') && under(edge.to, 'run'),
  },
  {
    name: 'run/, pipeline/, process/ and host/ load tasks/ only with import(), but for the worker variable',
    breaks: (edge) =>
      ['run', 'pipeline', 'process', 'host'].some((room) => under(edge.from, room)) &&
      under(edge.to, 'tasks') &&
      edge.kind === 'static' &&
      edge.to !== join(burgeeSrc, 'tasks', 'settings.ts'),
  },
  {
    name: 'manifest/ never imports declaration/ (not even a type): the declaration is read into the manifest by declaration/to-manifest.ts',
    breaks: (edge) => under(edge.from, 'manifest') && under(edge.to, 'declaration'),
  },
  {
    name: 'projections/human/ never imports projections/help/: help builds the usage a failure shows, with human/ styling',
    breaks: (edge) => under(edge.from, 'projections', 'human') && under(edge.to, 'projections', 'help'),
  },
  {
    name: 'diff/ is pure: two documents in, the changes out; no run, no node: module',
    breaks: (edge) => under(edge.from, 'diff') && (inRun(edge.to) || edge.to.startsWith('node:')),
  },
  {
    name: 'check/ reads the parser of pipeline/ and no other room of the run, and does no I/O (no handler runs)',
    breaks: (edge) =>
      under(edge.from, 'check') && ((inRun(edge.to) && !under(edge.to, 'pipeline')) || edge.to.startsWith('node:')),
  },
  {
    name: 'roundel depends on nothing of burgee',
    breaks: (edge) =>
      edge.from.startsWith(join(packages, 'roundel')) &&
      (edge.to === 'burgee' || edge.to.startsWith('burgee/') || edge.to.startsWith(join(packages, 'burgee'))),
  },
];

/**
 * The room a source file lives in: its top folder under src, or `projections/<kind>`; undefined for
 * the doors at the top (`index.ts`, `mcp.ts`), which may import any room.
 */
function roomOf(file: string): string | undefined {
  const parts = relative(burgeeSrc, file).split(/[/\\]/);
  if (parts.length < 2 || parts[0]!.startsWith('..')) return undefined;
  return parts[0] === 'projections' && parts.length > 2 ? `projections/${parts[1]}` : parts[0];
}

/** Every loop of rooms the imports make (any kind of import), each as the path that closes it. */
function roomCycles(edges: readonly Edge[]): string[] {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    const [from, to] = [roomOf(edge.from), roomOf(edge.to)];
    if (from === undefined || to === undefined || from === to) continue;
    next.set(from, (next.get(from) ?? new Set()).add(to));
  }
  const loops = new Set<string>();
  const walk = (room: string, path: string[]): void => {
    for (const to of next.get(room) ?? []) {
      if (to === path[0]) loops.add([...path, to].join(' → '));
      // Each loop is reported once, from its smallest room.
      else if (!path.includes(to) && to > path[0]!) walk(to, [...path, to]);
    }
  };
  for (const room of [...next.keys()].sort()) walk(room, [room]);
  return [...loops];
}

describe('import boundaries, read from the real imports', () => {
  const edges = [...sources(burgeeSrc), ...sources(join(packages, 'roundel', 'src'))].flatMap((file) =>
    importsOf(file),
  );

  it('N1 · the parser sees every kind of import: static, type-only, re-export, import()', () => {
    const file = join(burgeeSrc, 'projections', 'x.ts');
    const text = `import { a } from '../run/a.js';\nimport type { B } from '../run/b.js';\nexport { c } from './c.js';\nconst d = () => import('../mcp/d.js');\n`;
    expect(importsOf(file, text).map(({ to, kind, line }) => [relative(burgeeSrc, to), kind, line])).toEqual([
      ['run/a.ts', 'static', 1],
      ['run/b.ts', 'type', 2],
      ['projections/c.ts', 'static', 3],
      ['mcp/d.ts', 'dynamic', 4],
    ]);
    expect(RULES[0]!.breaks(importsOf(file, text)[1]!)).toBe(true);
    const run = join(burgeeSrc, 'run', 'x.ts');
    const [lazy, eager] = importsOf(run, `import('../mcp/serve.js');\nimport { s } from '../mcp/serve.js';\n`);
    expect([RULES[1]!.breaks(lazy!), RULES[1]!.breaks(eager!)]).toEqual([false, true]);
  });

  const rule = (start: string) => RULES.find((r) => r.name.startsWith(start))!;
  const edge = (from: string, text: string) => importsOf(join(burgeeSrc, from), text)[0]!;

  it('K4 · the user-files rules tell the writer from the run path', () => {
    const takes = rule('user-files/ never imports');
    expect([
      takes.breaks(edge('user-files/x.ts', `import { E } from '../errors/errors.js';\n`)),
      takes.breaks(edge('user-files/x.ts', `import { p } from '../text/json-position.js';\n`)),
      takes.breaks(edge('user-files/x.ts', `import { r } from '../run/run.js';\n`)),
    ]).toEqual([false, false, true]);
    const reached = (from: string) =>
      rule('user-files/ is reached').breaks(edge(from, `import('../user-files/index.js');\n`));
    expect([reached('projections/x.ts'), reached('run/x.ts'), reached('surfaces/x.ts'), reached('cli/x.ts')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('N1 · each broken cycle stays broken: a wrong import fails its rule', () => {
    const leaves = rule('errors/ and text/ are leaves');
    // The error family took its Refusal type from projections/ (errors → projections → errors' users).
    expect(leaves.breaks(edge('errors/x.ts', `import type { R } from '../projections/refusals/index.js';\n`))).toBe(
      true,
    );
    expect(leaves.breaks(edge('text/x.ts', `import { c } from '../check/check.js';\n`))).toBe(true);
    expect(leaves.breaks(edge('errors/x.ts', `import { ExitCode } from '../manifest/exit-codes.js';\n`))).toBe(false);
    // The run took shell words from check/ while check/ reads the run's parser.
    const noCheck = rule('the run never imports check/');
    expect(noCheck.breaks(edge('mcp/x.ts', `import { s } from '../check/shell-words.js';\n`))).toBe(true);
    expect(noCheck.breaks(edge('mcp/x.ts', `import { s } from '../text/shell-words.js';\n`))).toBe(false);
    // user-files/ took errors and JSON positions from the run while the synthesised commands import user-files/.
    expect(
      rule('user-files/ never imports').breaks(
        edge('user-files/x.ts', `import { p } from '../run/json-position.js';\n`),
      ),
    ).toBe(true);
    const check = rule('check/ reads the parser');
    expect([
      check.breaks(edge('check/x.ts', `import { p } from '../pipeline/parse-argv.js';\n`)),
      check.breaks(edge('check/x.ts', `import { c } from '../process/capture.js';\n`)),
      check.breaks(edge('check/x.ts', `import { readFileSync } from 'node:fs';\n`)),
    ]).toEqual([false, true, true]);
    // execute() dispatched to the surfaces while they took its Reporter from the same room.
    const steps = rule('pipeline/ and process/');
    expect(steps.breaks(edge('pipeline/x.ts', `import { s } from '../surfaces/help-surface.js';\n`))).toBe(true);
    expect(steps.breaks(edge('pipeline/x.ts', `import { c } from '../process/capture.js';\n`))).toBe(false);
    const down = rule('surfaces/ and host/ never import run/');
    expect(down.breaks(edge('surfaces/x.ts', `import { e } from '../run/execute.js';\n`))).toBe(true);
    expect(down.breaks(edge('surfaces/x.ts', `import { r } from '../pipeline/report.js';\n`))).toBe(false);
    // human/ built a failure's usage from help/'s usage line while help/ took colours and deprecations from human/.
    const people = rule('projections/human/ never imports projections/help/');
    expect(people.breaks(edge('projections/human/x.ts', `import { u } from '../help/usage.js';\n`))).toBe(true);
    expect(people.breaks(edge('projections/help/x.ts', `import type { C } from '../human/colors.js';\n`))).toBe(false);
    // Every served call ran execute() by importing it, while execute() loads the server for --mcp.
    const served = rule('mcp/ never imports run/');
    expect(served.breaks(edge('mcp/x.ts', `import { execute } from '../run/execute.js';\n`))).toBe(true);
    expect(served.breaks(edge('mcp/x.ts', `import type { RunResult } from '../pipeline/report.js';\n`))).toBe(false);
    expect(served.breaks(edge('run/x.ts', `import('../mcp/serve-mcp.js');\n`))).toBe(false);
    // A detached task's worker runs execute(), and execute() starts it: the same knot as mcp/'s.
    const worker = rule('tasks/ never imports run/');
    expect(worker.breaks(edge('tasks/x.ts', `import { execute } from '../run/execute.js';\n`))).toBe(true);
    const lazy = rule('run/, pipeline/, process/ and host/ load tasks/');
    expect(lazy.breaks(edge('run/x.ts', `import { work } from '../tasks/worker.js';\n`))).toBe(true);
    expect(lazy.breaks(edge('run/x.ts', `import('../tasks/worker.js');\n`))).toBe(false);
    expect(lazy.breaks(edge('run/x.ts', `import { WORKER_VARIABLE } from '../tasks/settings.js';\n`))).toBe(false);
    // manifest/build.ts read the author's types while the declaration's checks read manifest/'s tables.
    const ir = rule('manifest/ never imports declaration/');
    expect(ir.breaks(edge('manifest/x.ts', `import type { Command } from '../declaration/types.js';\n`))).toBe(true);
    expect(ir.breaks(edge('declaration/x.ts', `import { toKebab } from '../manifest/names.js';\n`))).toBe(false);
  });

  it('N1 · no two rooms import each other, however far round (a loop is one knot, not two rooms)', () => {
    expect(roomCycles(edges)).toEqual([]);
    const planted = [
      edge('mcp/x.ts', `import { execute } from '../run/execute.js';\n`),
      edge('run/x.ts', `import('../mcp/serve-mcp.js');\n`),
      edge('projections/help/x.ts', `import { c } from '../human/colors.js';\n`),
      edge('projections/human/x.ts', `import { r } from '../../errors/errors.js';\n`),
      edge('errors/x.ts', `import { u } from '../projections/help/usage.js';\n`),
    ];
    expect(roomCycles(planted)).toEqual(['errors → projections/help → projections/human → errors', 'mcp → run → mcp']);
  });

  it('N1 · every rule can fail: each one breaks on an import planted against it', () => {
    const planted: [rule: string, from: string, text: string][] = [
      ['declaration/, manifest/', 'projections/x.ts', `import type { R } from '../run/execute.js';\n`],
      ['the run loads mcp/', 'run/x.ts', `import { s } from '../mcp/serve.js';\n`],
      ["the MCP SDK's values", 'mcp/x.ts', `import { McpServer } from '@modelcontextprotocol/server';\n`],
      ['errors/ and text/', 'errors/x.ts', `import { h } from '../pipeline/handler.js';\n`],
      ['user-files/ never imports', 'user-files/x.ts', `import { r } from '../run/run.js';\n`],
      ['user-files/ is reached', 'mcp/x.ts', `import { u } from '../user-files/update.js';\n`],
      ['the run never imports check/', 'run/x.ts', `import { c } from '../check/check.js';\n`],
      ['pipeline/ and process/', 'process/x.ts', `import { m } from '../mcp/sdk.js';\n`],
      ['surfaces/ and host/', 'host/x.ts', `import { r } from '../run/run.js';\n`],
      ['mcp/ never imports run/', 'mcp/x.ts', `import type { E } from '../run/execute.js';\n`],
      ['tasks/ never imports run/', 'tasks/x.ts', `import { e } from '../run/execute.js';\n`],
      ['run/, pipeline/, process/', 'pipeline/x.ts', `import { s } from '../tasks/store.js';\n`],
      ['manifest/ never imports', 'manifest/x.ts', `import type { C } from '../declaration/types.js';\n`],
      ['projections/human/', 'projections/human/x.ts', `import { u } from '../help/usage.js';\n`],
      ['diff/ is pure', 'diff/x.ts', `import { readFileSync } from 'node:fs';\n`],
      ['check/ reads the parser', 'check/x.ts', `import { e } from '../run/execute.js';\n`],
      ['roundel depends', '../../roundel/src/x.ts', `import { run } from 'burgee';\n`],
    ];
    for (const [start, from, text] of planted)
      expect([start, rule(start).breaks(edge(from, text))]).toEqual([start, true]);
    const shown = new Set(planted.map(([start]) => rule(start)));
    expect(RULES.filter((r) => !shown.has(r)).map((r) => r.name)).toEqual([]);
  });

  it.each(RULES.map((rule) => [rule.name, rule] as const))('N1 · %s', (_, rule) => {
    expect(edges.filter(rule.breaks).map(show)).toEqual([]);
  });
});
