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

/** The arrows of the architecture, each a rule an import can break. */
const RULES: { name: string; breaks: (edge: Edge) => boolean }[] = [
  {
    name: 'declaration/, manifest/ and projections/ never import runtime/ (not even a type)',
    breaks: (edge) =>
      ['declaration', 'manifest', 'projections'].some((layer) => under(edge.from, layer)) && under(edge.to, 'runtime'),
  },
  {
    name: 'runtime/ loads runtime/mcp/ only with import(), so ordinary runs never load the MCP SDK',
    breaks: (edge) =>
      under(edge.from, 'runtime') &&
      !under(edge.from, 'runtime', 'mcp') &&
      under(edge.to, 'runtime', 'mcp') &&
      edge.kind === 'static',
  },
  {
    name: "the MCP SDK's values come through runtime/mcp/sdk.ts alone (its types may be named anywhere)",
    breaks: (edge) =>
      /^(@modelcontextprotocol\/(server|core)|zod)(\/|$)/.test(edge.to) &&
      edge.kind !== 'type' &&
      edge.from !== join(burgeeSrc, 'runtime', 'mcp', 'sdk.ts'),
  },
  {
    name: 'user-files/ takes from runtime/ only its failure classes and the JSON position finder: the writer is no part of the run',
    breaks: (edge) =>
      under(edge.from, 'user-files') &&
      under(edge.to, 'runtime') &&
      !['errors.ts', 'json-position.ts'].some((file) => edge.to === join(burgeeSrc, 'runtime', file)),
  },
  {
    name: 'user-files/ is reached only from the synthesised commands (each loaded with import()) and cli/',
    breaks: (edge) =>
      under(edge.to, 'user-files') &&
      !['user-files', join('runtime', 'synthesised'), 'cli'].some((room) => under(edge.from, room)),
  },
  {
    name: 'diff/ is pure: two documents in, the changes out; no runtime/, no node: module',
    breaks: (edge) => under(edge.from, 'diff') && (under(edge.to, 'runtime') || edge.to.startsWith('node:')),
  },
  {
    name: 'check/ reads runtime/ for the parser alone (an example is parsed as a command line is), and does no I/O',
    breaks: (edge) =>
      under(edge.from, 'check') &&
      ((under(edge.to, 'runtime') &&
        !['parse-argv.ts', 'resolve.ts', 'errors.ts'].some((file) => edge.to === join(burgeeSrc, 'runtime', file))) ||
        edge.to.startsWith('node:')),
  },
  {
    name: 'roundel depends on nothing of burgee',
    breaks: (edge) =>
      edge.from.startsWith(join(packages, 'roundel')) &&
      (edge.to === 'burgee' || edge.to.startsWith('burgee/') || edge.to.startsWith(join(packages, 'burgee'))),
  },
];

describe('import boundaries, read from the real imports', () => {
  const edges = [...sources(burgeeSrc), ...sources(join(packages, 'roundel', 'src'))].flatMap((file) =>
    importsOf(file),
  );

  it('N1 · the parser sees every kind of import: static, type-only, re-export, import()', () => {
    const file = join(burgeeSrc, 'projections', 'x.ts');
    const text = `import { a } from '../runtime/a.js';\nimport type { B } from '../runtime/b.js';\nexport { c } from './c.js';\nconst d = () => import('../runtime/mcp/d.js');\n`;
    expect(importsOf(file, text).map(({ to, kind, line }) => [relative(burgeeSrc, to), kind, line])).toEqual([
      ['runtime/a.ts', 'static', 1],
      ['runtime/b.ts', 'type', 2],
      ['projections/c.ts', 'static', 3],
      ['runtime/mcp/d.ts', 'dynamic', 4],
    ]);
    expect(RULES[0]!.breaks(importsOf(file, text)[1]!)).toBe(true);
    const runtime = join(burgeeSrc, 'runtime', 'x.ts');
    const [lazy, eager] = importsOf(runtime, `import('./mcp/serve.js');\nimport { s } from './mcp/serve.js';\n`);
    expect([RULES[1]!.breaks(lazy!), RULES[1]!.breaks(eager!)]).toEqual([false, true]);
  });

  it('K4 · the user-files rules tell the writer from the run path', () => {
    const rule = (start: string) => RULES.find((r) => r.name.startsWith(start))!;
    const writer = join(burgeeSrc, 'user-files', 'x.ts');
    const [errors, run] = importsOf(
      writer,
      `import { E } from '../runtime/errors.js';\nimport { r } from '../runtime/run.js';\n`,
    );
    expect([rule('user-files/ takes').breaks(errors!), rule('user-files/ takes').breaks(run!)]).toEqual([false, true]);
    const reached = (from: string) =>
      rule('user-files/ is reached').breaks(
        importsOf(join(burgeeSrc, from), `import('../user-files/index.js');\n`)[0]!,
      );
    expect([reached('projections/x.ts'), reached('runtime/x.ts'), reached('cli/x.ts')]).toEqual([true, true, false]);
  });

  it.each(RULES.map((rule) => [rule.name, rule] as const))('N1 · %s', (_, rule) => {
    expect(edges.filter(rule.breaks).map(show)).toEqual([]);
  });
});
