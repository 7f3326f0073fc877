// `burgee check|dev|diff` with a `.ts` entry (X1, X2, M8): loaded as this Node loads TypeScript.
// A Node that strips types runs it; one that cannot says so and what to do, exit 3, no stack. What
// stripping cannot erase, and an import written with the wrong extension, are said with the way out.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';
import { bin, type Cleanups, startDev } from './support/dev.js';

/** True when this Node strips types from a `.ts` module by default (22.18+, 23.6+). */
const strips = typeof (process.features as { typescript?: unknown }).typescript === 'string';

const PROGRAM = `import { defineCommand, defineProgram, run } from 'burgee';

type Greeting = { name: string };

export const program = defineProgram({
  name: 'greet',
  description: 'Greet people',
  commands: [
    defineCommand({
      name: 'hello',
      description: 'Say hello',
      effects: 'read_only',
      options: { name: { type: 'string', default: 'world', description: 'who to greet' } },
      examples: ['greet hello --name ada'],
      run: (ctx) => {
        const greeting: Greeting = { name: ctx.options.name };
        return \`hello \${greeting.name}\`;
      },
    }),
  ],
});

if (process.argv[1] === import.meta.filename) await run(program);
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'burgee-ts-'));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(`${repoRoot}packages/burgee`, join(dir, 'node_modules', 'burgee'), 'junction');
  writeFileSync(join(dir, 'program.ts'), PROGRAM);
  writeFileSync(
    join(dir, 'enum.ts'),
    "import { defineProgram } from 'burgee';\n\nenum Mode { Fast, Slow }\n\nexport const program = defineProgram({ name: 'e', description: String(Mode.Fast), commands: [] });\n",
  );
  writeFileSync(join(dir, 'imports.ts'), "export { program } from './program.js';\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const burgee = (...args: string[]) => runCli(bin, args, { cwd: dir });
const cannot =
  /program\.ts is TypeScript, and (Node v[\d.]+ cannot strip types|this Node \(v[\d.]+\) runs without type stripping)/;

describe(`X1 · a TypeScript entry on Node ${process.version} (${strips ? 'strips types' : 'does not strip types'})`, () => {
  it('X1 · burgee check program.ts (probe: ts-entry)', async () => {
    const result = await burgee('check', 'program.ts');
    if (strips) {
      expect(result.stdout + result.stderr).toContain('program.ts: no findings');
      expect(result.code).toBe(0);
      return;
    }
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(cannot);
    expect(result.stderr).toMatch(/hint: .*(Node 22\.18 or later|--experimental-strip-types)/);
    expect(result.stderr).not.toContain('    at ');
  });

  it('X2 · burgee diff program.ts program.ts (probe: ts-entry)', async () => {
    const result = await burgee('diff', 'program.ts', 'program.ts');
    if (strips) {
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^no changes/im);
      return;
    }
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(cannot);
  });

  it('M8 · burgee dev program.ts serves its tools, or says what this Node lacks (probe: ts-entry)', async () => {
    if (!strips) {
      const result = await burgee('dev', 'program.ts');
      expect(result.code).toBe(3);
      expect(result.stderr).toMatch(cannot);
      return;
    }
    const cleanups: Cleanups = [];
    try {
      const dev = await startDev(cleanups, dir, 'program.ts');
      const { tools } = await dev.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['hello']);
      const result = await dev.client.callTool({ name: 'hello', arguments: { name: 'ada' } });
      expect(JSON.parse((result.content as { text: string }[])[0]!.text).data).toBe('hello ada');
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  });

  it.runIf(strips)('X1 · an enum, which stripping cannot erase: the line, and the way out', async () => {
    const result = await burgee('check', 'enum.ts');
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      'error: cannot load enum.ts: enum.ts:3: SyntaxError [ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX]',
    );
    expect(result.stderr).toContain(
      'hint: Node strips types but compiles nothing: write an as-const object for an enum',
    );
  });

  it.runIf(strips)('X1 · an import of ./program.js where program.ts is the file: the spelling that works', async () => {
    const result = await burgee('check', 'imports.ts');
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('imports.ts imports ./program.js, which is not a file');
    expect(result.stderr).toContain('hint: write the import as ./program.ts');
  });
});
