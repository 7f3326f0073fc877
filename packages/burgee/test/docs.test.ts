// The documentation runner: every code block of README.md and docs/*.md is run, and a block that
// shows output fails the test when the program prints anything else. The convention (also in
// docs/README.md, for writers):
//
// - Each page gets a fresh folder `~/app` (HOME is a temporary folder) where `burgee`, `roundel`
//   and the repository's `examples/` resolve as if installed. Blocks run top to bottom.
// - ```js / ```ts (also mjs, mts) whose first line is `// file: <path>` are written to that path in
//   `~/app` (a path may be written once per page); any other js/ts block is written to a scratch
//   file. Every js/ts block of every page is type-checked against the built packages' types by
//   one `tsc` run (strict, checkJs, no skipLibCheck), so a snippet must be a whole module.
// - ```json is parsed, ```jsonl parsed line by line (each written when it names a file, as any
//   block may); ```sh is syntax-checked by bash.
// - ```console: each line starting with `$ ` runs in bash in `~/app` (stdin closed, environment
//   PATH, HOME and LANG only; write `NAME=value cmd` for more). The lines under it, up to the
//   next `$ `, are what it must print, stdout and stderr together; a line that is exactly `...`
//   stands for any number of lines; trailing blank lines are ignored. `$?` is the previous
//   command's exit status, so `$ echo $?` shows one. The absolute path of HOME prints as `~`.
// - ```text (diagrams, layouts) and ```toml / ```yaml (data shown for reading) are not run.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/cli.js';
import { type DocBlock, matchesTranscript, readBlocks, readConsole } from './support/doc-blocks.js';

const pages = [
  'README.md',
  ...['burgee', 'caique', 'roundel'].map((name) => `packages/${name}/README.md`),
  ...readdirSync(join(repoRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const SCRIPT = new Set(['js', 'mjs', 'ts', 'mts']);
const SHOWN = new Set(['text', 'toml', 'yaml']);
const ALL = new Set([...SCRIPT, ...SHOWN, 'json', 'jsonl', 'sh', 'console']);
const tmp = mkdtempSync(join(tmpdir(), 'burgee-docs-'));
const home = (page: string): string => join(tmp, page.replace(/[^a-z0-9]+/gi, '-'));
const blocksOf = new Map(pages.map((page) => [page, readBlocks(page, readFileSync(join(repoRoot, page), 'utf8'))]));

let typeErrors = '';
beforeAll(() => {
  symlinkSync(join(repoRoot, 'node_modules'), join(tmp, 'node_modules'));
  for (const [page, blocks] of blocksOf) writePage(page, blocks);
  writeFileSync(join(tmp, 'tsconfig.json'), JSON.stringify({ ...TSCONFIG, files: scripts }));
  const tsc = spawnSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', tmp], {
    cwd: tmp,
    encoding: 'utf8',
  });
  typeErrors = tsc.stdout + tsc.stderr;
}, 120_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    allowJs: true,
    checkJs: true,
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    types: ['node'],
  },
};
/** Every js/ts file the pages wrote, relative to the temporary folder: what tsc checks. */
const scripts: string[] = [];

/** Lays out a page's folder and writes its file and snippet blocks, refusing a path written twice. */
function writePage(page: string, blocks: readonly DocBlock[]): void {
  const app = join(home(page), 'app');
  mkdirSync(app, { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), join(app, 'node_modules'));
  symlinkSync(join(repoRoot, 'examples'), join(app, 'examples'));
  writeFileSync(join(app, 'package.json'), '{ "private": true, "type": "module" }\n');
  const written = new Set<string>();
  for (const block of blocks) {
    if (!ALL.has(block.lang)) throw new Error(`${where(block)}: no rule runs a \`${block.lang || '(none)'}\` block`);
    if (block.lang === 'console' && block.file !== undefined)
      throw new Error(`${where(block)}: a console block is no file`);
    const path = block.file ?? (SCRIPT.has(block.lang) ? `snippets/line-${block.line}.${block.lang}` : undefined);
    if (path === undefined) continue;
    if (written.has(path)) throw new Error(`${where(block)}: ${path} is already written on this page`);
    written.add(path);
    mkdirSync(dirname(join(app, path)), { recursive: true });
    writeFileSync(join(app, path), block.code);
    if (SCRIPT.has(block.lang)) scripts.push(join(app, path).slice(tmp.length + 1));
  }
}

const where = (block: DocBlock): string => `${block.page}:${block.line}`;
const title = (block: DocBlock, what: string): string => `${block.id ?? 'N4'} · ${where(block)} ${what}`;

/** Runs one `$ ` line as a reader would, in the page's folder, after a status of `previous`. */
function runStep(page: string, command: string, previous: number): { printed: string[]; status: number } {
  // One pipe for both streams keeps what a reader sees in a terminal: their lines in order.
  const result = spawnSync('bash', ['-c', `exec 2>&1; (exit ${previous}); ${command}`], {
    cwd: join(home(page), 'app'),
    env: {
      PATH: `${join(repoRoot, 'node_modules/.bin')}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      HOME: home(page),
      LANG: 'C.UTF-8',
      // npm's notice of its own newer release, which `npx` prints on some days and not others.
      npm_config_update_notifier: 'false',
    },
    input: '',
    stdio: ['pipe', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 20_000,
  });
  const text = (result.stdout + result.stderr).replaceAll(home(page), '~');
  return { printed: trimEnd(text.split('\n')), status: result.status ?? 128 };
}

const trimEnd = (lines: readonly string[]): string[] => {
  const out = [...lines];
  while (out.length > 0 && out.at(-1)!.trim() === '') out.pop();
  return out;
};

/** The type errors tsc reported in files of this page's folder (`undefined`: in no page's folder). */
const typeErrorsOf = (page: string | undefined): string =>
  typeErrors
    .split('\n')
    .filter((line) => /error TS\d+/.test(line))
    .filter((line) => {
      const owner = pages.find((p) => line.startsWith(`${home(p).slice(tmp.length + 1)}/`));
      return owner === page;
    })
    .join('\n');

it("N4 · the packages' published types compile in a strict project without skipLibCheck", () => {
  expect(typeErrorsOf(undefined)).toBe('');
});

it('N4 · the README says what the tests do with each kind of block, in it and in docs/ (probe: readme-blocks-claim)', () => {
  const claim = /Every code block[^.]*\./.exec(readFileSync(join(repoRoot, 'README.md'), 'utf8'))?.[0] ?? '';
  const kinds = new Set([...blocksOf.values()].flat().map((block) => block.lang));
  for (const kind of kinds) expect(claim, `the README's sentence names \`${kind}\``).toContain(`\`${kind}\``);
  // The kinds it says are run are exactly those this runner runs.
  const said = /((?:`\w+`(?:,\s*|\s+and\s+)?)+)\s+blocks are run/.exec(claim)?.[1] ?? '';
  const run = [...kinds].filter((kind) => SCRIPT.has(kind) || kind === 'console').sort();
  expect([...said.matchAll(/`(\w+)`/g)].map((match) => match[1]).sort()).toEqual(run);
});

for (const [page, blocks] of blocksOf) {
  if (blocks.every((b) => SHOWN.has(b.lang))) continue;
  describe(page, () => {
    if (blocks.some((b) => SCRIPT.has(b.lang))) {
      it(`${blocks.find((b) => SCRIPT.has(b.lang))!.id ?? 'N4'} · ${page}: every js/ts block type-checks`, () => {
        expect(typeErrorsOf(page)).toBe('');
      });
    }
    let status = 0;
    for (const block of blocks) {
      if (block.lang === 'json') it(title(block, 'is JSON'), () => void JSON.parse(block.code));
      if (block.lang === 'jsonl') {
        it(title(block, 'is one JSON value a line'), () => {
          for (const line of block.code.split('\n').filter((l) => l.trim() !== '')) JSON.parse(line);
        });
      }
      if (block.lang === 'sh') it(title(block, 'is bash'), () => void execFileSync('bash', ['-n', '-c', block.code]));
      if (block.lang !== 'console') continue;
      it(title(block, 'prints what it shows'), () => {
        for (const step of readConsole(block.code)) {
          const run = runStep(page, step.command, status);
          status = run.status;
          const shown = trimEnd(step.expected);
          if (!matchesTranscript(shown, run.printed)) {
            expect(`$ ${step.command}\n${run.printed.join('\n')}`).toBe(`$ ${step.command}\n${shown.join('\n')}`);
          }
        }
      });
    }
  });
}
