import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/cli.js';

// burgee/yargs' declarations give a program yargs' own types (from @types/yargs, which describes
// yargs 17 and 18) with `.effects()` on every instance, and ask nothing of a project without them.
const fixtures = `${repoRoot}packages/burgee/test/fixtures/yargs17/types`;
const tsc = `${repoRoot}node_modules/typescript/bin/tsc`;
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Runs the real compiler on a project; its output is empty when the project checks. */
function compile(project: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

/** A project folder holding the fixture's tsconfig and `program` as each file. */
function project(parent: string, files: Record<string, string>, options: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(parent, 'burgee-yargs-types-'));
  folders.push(dir);
  const config = JSON.parse(readFileSync(`${fixtures}/tsconfig.json`, 'utf8')) as { compilerOptions: object };
  config.compilerOptions = { ...config.compilerOptions, ...options };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ ...config, files: Object.keys(files) }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('F2 · a strict TypeScript yargs program keeps compiling on burgee/yargs', () => {
  it('F2 · with @types/yargs: builders, positionals, argv, parseSync and parseAsync typed as yargs types them, and .effects()', () => {
    const source = readFileSync(`${fixtures}/program.mts`, 'utf8');
    // Inside the repository, so the program resolves its node_modules: yargs, @types/yargs, burgee.
    const cache = join(repoRoot, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const withYargs = source.replace('__IMPORT__', 'yargs');
    const withBurgee = source
      .replace('__IMPORT__', 'burgee/yargs')
      .replace(/ \/\* effects: ([a-z_]+) \*\//g, ".effects('$1')");
    expect(withBurgee).toContain(".effects('read_only')");
    const dir = project(cache, { 'with-yargs.mts': withYargs, 'with-burgee.mts': withBurgee });
    expect(compile(dir)).toEqual({ status: 0, output: '' });
    // The check has teeth: a value burgee does not know, or a typo in yargs' own API, is refused.
    const wrong = project(cache, {
      'wrong.mts': `${withBurgee}\nyargs().effects('harmless');\nparser.optoin('x');\n`,
    });
    const refused = compile(wrong);
    expect(refused.output).toContain(`Argument of type '"harmless"' is not assignable`);
    expect(refused.output).toContain("Property 'optoin' does not exist");
  }, 180_000);

  it('F2 · without @types/yargs the declarations still check strictly (no skipLibCheck), loosely typed', () => {
    // Outside the repository, whose node_modules has @types/yargs: burgee (linked, the links kept as
    // paths) and yargs 18, which has no types, are all the project has.
    const dir = project(
      tmpdir(),
      { 'untyped.mts': readFileSync(`${fixtures}/untyped.mts`, 'utf8') },
      {
        preserveSymlinks: true,
        typeRoots: ['./node_modules/@types'],
      },
    );
    mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
    symlinkSync(`${repoRoot}packages/burgee`, join(dir, 'node_modules', 'burgee'), 'junction');
    cpSync(`${repoRoot}node_modules/yargs`, join(dir, 'node_modules', 'yargs'), { recursive: true });
    symlinkSync(`${repoRoot}node_modules/@types/node`, join(dir, 'node_modules', '@types', 'node'), 'junction');
    symlinkSync(`${repoRoot}node_modules/undici-types`, join(dir, 'node_modules', 'undici-types'), 'junction');
    expect(compile(dir)).toEqual({ status: 0, output: '' });
  }, 180_000);
});
