// The documentation holds together: links resolve inside the repository (outside it, only to
// public standards), every requirement ID the code and tests cite is an anchor of one page, the
// index in docs/README.md lists every anchor, and the reference page names every export.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/cli.js';

const pages = [
  'README.md',
  ...['burgee', 'caique', 'roundel'].map((name) => `packages/${name}/README.md`),
  ...readdirSync(join(repoRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const text = new Map(pages.map((page) => [page, readFileSync(join(repoRoot, page), 'utf8')]));
/** The prose of a page: code (fenced blocks, inline spans) removed, since its text is neither link nor anchor. */
const prose = (page: string): string =>
  text
    .get(page)!
    .replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '')
    .replace(/(`+)[^`\n]+?\1/g, '');

/** The anchors a page defines: explicit `<a id>`s and the slugs of its headings. */
function anchorsOf(page: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of prose(page).matchAll(/<a id="([^"]+)"><\/a>/g)) anchors.add(match[1]!);
  for (const match of prose(page).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = match[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    anchors.add(slug);
  }
  return anchors;
}

/** Public standards a page may link to; everything else a reader needs is in this repository. */
const STANDARDS = [
  'https://modelcontextprotocol.io/',
  'https://json-schema.org/',
  'https://standardschema.dev/',
  'https://agentskills.io/',
  'https://llmstxt.org/',
];

describe('documentation links', () => {
  it.each(pages)('N4 · %s links only to pages and anchors of this repository, or to public standards', (page) => {
    const broken: string[] = [];
    for (const match of prose(page).matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!;
      if (/^[a-z]+:/.test(target)) {
        if (!STANDARDS.some((s) => target.startsWith(s))) broken.push(`${target} (outside the repository)`);
        continue;
      }
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const resolved = file === '' ? page : join(page, '..', file);
      if (!text.has(resolved)) {
        broken.push(`${target} (no such page)`);
        continue;
      }
      if (anchor !== undefined && !anchorsOf(resolved).has(anchor)) broken.push(`${target} (no such anchor)`);
    }
    expect(broken).toEqual([]);
  });
});

/** Every requirement ID cited in the code, tests, examples and scripts. */
function citedIds(): Set<string> {
  const ids = new Set<string>();
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (['node_modules', 'dist', 'fixtures'].includes(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.(ts|mjs)$/.test(entry.name)) {
        for (const match of readFileSync(path, 'utf8').matchAll(/\b([DEPHASMKCFTNLX]\d{1,2})\b/g)) ids.add(match[1]!);
      }
    }
  };
  for (const dir of ['packages', 'examples', 'scripts', 'bench']) visit(join(repoRoot, dir));
  return ids;
}

describe('requirement anchors', () => {
  const owners = new Map<string, string[]>();
  for (const page of pages) {
    for (const match of prose(page).matchAll(/<a id="([a-z]\d+)"><\/a>/g)) {
      owners.set(match[1]!, [...(owners.get(match[1]!) ?? []), page]);
    }
  }

  it('N4 · every requirement ID the code and tests cite is an anchor of exactly one page', () => {
    const missing = [...citedIds()].filter((id) => !owners.has(id.toLowerCase())).sort();
    expect(missing).toEqual([]);
    const twice = [...owners].filter(([, where]) => where.length > 1);
    expect(twice).toEqual([]);
  });

  it('N4 · the index in docs/README.md links every requirement anchor to its page', () => {
    const index = text.get('docs/README.md')!;
    const unlisted = [...owners]
      .filter(([id, [page]]) => !index.includes(`](${page!.slice('docs/'.length)}#${id})`))
      .map(([id]) => id.toUpperCase());
    expect(unlisted).toEqual([]);
  });
});

/** Every entry a user can import, read from each package's `exports`: a new entry cannot be left out. */
const entries = ['burgee', 'caique', 'roundel'].flatMap((name) => {
  const { exports } = JSON.parse(readFileSync(join(repoRoot, 'packages', name, 'package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
  };
  return Object.keys(exports)
    .filter((key) => key !== './package.json')
    .map((key) => (key === '.' ? name : `${name}/${key.slice(2)}`));
});

/** The names each entry exports as a user's `import` sees them: the built files, read by a child Node.js. */
function builtNames(list: readonly string[]): Record<string, string[]> {
  const script = `const names = {}; for (const e of ${JSON.stringify(list)}) names[e] = Object.keys(await import(e)); console.log(JSON.stringify(names));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`could not import the built entries (run npm run build):\n${child.stderr}`);
  return JSON.parse(child.stdout) as Record<string, string[]>;
}

describe('the reference page', () => {
  const reference = text.get('docs/reference.md')!;
  const modules = entries.filter((entry) => !entry.endsWith('.json'));
  const names = builtNames(modules);

  it.each(entries.filter((entry) => entry.endsWith('.json')))('N4 · names the file %s', (entry) => {
    expect(reference).toContain(`\`${entry}\``);
  });

  it.each(modules)('N4 · has a section for %s that names every value it exports', (entry) => {
    const start = reference.indexOf(`\n## \`${entry}\``);
    expect(start, `docs/reference.md has no section "## \`${entry}\`"`).toBeGreaterThan(-1);
    const end = reference.indexOf('\n## ', start + 1);
    const section = reference.slice(start, end === -1 ? undefined : end);
    expect(names[entry]!.length).toBeGreaterThan(0);
    expect(names[entry]!.filter((name) => !section.includes(`\`${name}`))).toEqual([]);
  });
});

describe('what ships cites only this repository', () => {
  /** Every file below `dir`, skipping installed dependencies. */
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.name === 'node_modules' ? [] : entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );

  it('N4 · no built file, source, README or docs page names the design document or the folder beside the repository', () => {
    const shipped = [
      ...['burgee', 'caique', 'roundel'].flatMap((name) => walk(join(repoRoot, 'packages', name))),
      ...pages.map((page) => join(repoRoot, page)),
    ];
    // This test names what it looks for, so it is the one file left out.
    const citing = shipped
      .filter((file) => file !== import.meta.filename)
      .filter((file) => /DESIGN|\.\.\/shared/.test(readFileSync(file, 'utf8')));
    expect(citing.map((file) => file.slice(repoRoot.length))).toEqual([]);
  });
});
