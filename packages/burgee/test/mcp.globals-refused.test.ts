// The meaning of each global flag beside --mcp restated by hand (M10), and the flags refused there or
// shown instead of serving, on each surface.
import { describe, expect, it } from 'vitest';
import { GLOBAL_FLAGS, type GlobalFlag } from '../src/manifest/globals.js';
import { runCli } from './support/cli.js';
import { BESIDE_MCP, type Name, rows, SURFACES, ship, shipFolder, WORDS } from './support/mcp-globals.js';

const { dir } = shipFolder();

describe('M10 · the table: each global flag says what it means beside --mcp', () => {
  it('M10 · every row is restated in this test, with the same meaning, and no other', () => {
    const table = Object.fromEntries((GLOBAL_FLAGS as readonly GlobalFlag[]).map((row) => [row.name, row.mcp]));
    expect(table).toEqual(BESIDE_MCP);
  });
});

describe('M10 · refused beside --mcp: a surface of its own, which a server cannot also be', () => {
  const cases = rows('refused').flatMap((name) => SURFACES.map(([surface, words]) => [name, surface, words] as const));

  it.concurrent.each(rows('refused'))('M10 · --%s works on the command line, on its own', async (name) => {
    // --explain names an option of a command, --lean shapes a command's envelope; the rest belong to the whole program.
    const argv = ['explain', 'lean', 'detach'].includes(name) ? ['db', 'backup', ...WORDS[name]] : WORDS[name];
    // A detached task is kept in the state folder: this test's own.
    const result = await runCli(ship, argv, { cwd: dir, env: { XDG_STATE_HOME: dir } });
    expect(result.code).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(0);
  });

  it.concurrent.each(cases)(
    'M10 · --mcp --%s on %s is refused at start: exit 2, the flags named, a hint, the fix that serves',
    async (name, _, surface) => {
      const result = await runCli(ship, ['--mcp', ...surface, ...WORDS[name]], { cwd: dir });
      // --json, which --lean needs beside it, applies to a server: only the refused flag is named and left out.
      const refused = WORDS[name].filter((word) => word.startsWith('--') && word !== '--json');
      const noun = name === 'version' ? 'version' : 'document';
      const answer =
        name === 'lean'
          ? "each tool call's result is the --json envelope, meta.provenance included"
          : name === 'detach'
            ? 'and a client asks for a task itself'
            : `it prints no ${noun}`;
      const hints: Partial<Record<Name, string>> = {
        explain:
          "hint: run ship <command> --explain <option> on its own; over MCP, each result's meta.provenance says where every value came from",
        lean: 'hint: run ship <command> --json --lean on its own, where a command line prints the envelope',
        detach: 'hint: run ship <command> --detach on its own, to start a task from the command line',
      };
      const said = {
        message: `${refused.join(', ')} cannot be given with --mcp: a server answers tool calls, ${answer}`,
        hint: (
          hints[name] ?? `hint: run ship ${WORDS[name][0]} on its own; an MCP client reads the tools from tools/list`
        ).slice(6),
        fix: `ship --mcp${surface.map((word) => ` ${word}`).join('')}${name === 'lean' ? ' --json' : ''}`,
      };
      expect(result.code).toBe(2);
      if (name === 'lean') {
        // --json was typed: the refusal is its envelope, on stdout.
        expect(result.stderr).toBe('');
        expect(JSON.parse(result.stdout).error).toMatchObject({ code: 2, ...said });
        return;
      }
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n').slice(0, 3)).toEqual([
        `error: ${said.message}`,
        `hint: ${said.hint}`,
        `fix: ${said.fix}`,
      ]);
      expect(result.stderr).not.toContain('serving MCP');
    },
  );

  it('M10 · the fix keeps every other word: --config and its value stay, the refused flags and theirs go', async () => {
    const result = await runCli(ship, ['--mcp', '--config', 'prod.json', '--explain=tables', '--llms'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('\nfix: ship --mcp --config prod.json\n');
  });
});

describe('M10 · first beside --mcp: help is shown instead of serving, as everywhere', () => {
  const cases = rows('first').flatMap((name) => SURFACES.map(([surface, words]) => [name, surface, words] as const));

  it.concurrent.each(cases)(
    'M10 · --mcp --%s on %s prints the help the command line prints',
    async (name, _, surface) => {
      const [served, cli] = await Promise.all([
        runCli(ship, ['--mcp', ...surface, ...WORDS[name]], { cwd: dir }),
        runCli(ship, WORDS[name], { cwd: dir }),
      ]);
      expect(cli.code).toBe(0);
      expect(cli.stdout).toMatch(/^Usage: ship /);
      expect(served.code).toBe(0);
      expect(served.stdout).toBe(cli.stdout);
      expect(served.stderr).not.toContain('serving MCP');
    },
  );
});
