import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../declaration/define.js';
import { buildManifest } from '../declaration/to-manifest.js';
import { parseArgv, wantsJson } from './parse-argv.js';

const program = defineProgram({
  name: 'tool',
  config: true,
  commands: [
    defineCommand({
      name: 'copy',
      effects: 'non_idempotent',
      arguments: [{ name: 'from' }, { name: 'to', required: false }],
      options: {
        all: { type: 'boolean', short: 'a' },
        verbose: { type: 'boolean', short: 'v' },
        level: { type: 'number', short: 'l' },
        name: { type: 'string', short: 'n' },
        tag: { type: 'string', multiple: true },
        dryRun: { type: 'boolean' },
      },
      run: () => null,
    }),
  ],
});
const manifest = buildManifest(program);
const parse = (...argv: string[]) => {
  const parsed = parseArgv(manifest, argv);
  const flags = Object.fromEntries([...parsed.flags].map(([k, f]) => [k, f.kind === 'boolean' ? f.value : f.values]));
  return { flags, positionals: parsed.positionals, passthrough: parsed.passthrough, globals: parsed.globals };
};

describe('the argv grammar', () => {
  it('P4 · --flag value, --flag=value and -s value read the same', () => {
    expect(parse('copy', '--name', 'x').flags).toEqual({ name: ['x'] });
    expect(parse('copy', '--name=x').flags).toEqual({ name: ['x'] });
    expect(parse('copy', '-n', 'x').flags).toEqual({ name: ['x'] });
    expect(parse('copy', '-nx').flags).toEqual({ name: ['x'] });
  });

  it('P4 · grouped booleans -av, and a valued short at the end of a group', () => {
    expect(parse('copy', '-av').flags).toEqual({ all: true, verbose: true });
    expect(parse('copy', '-avl', '3').flags).toEqual({ all: true, verbose: true, level: ['3'] });
  });

  it('P4 · booleans never consume the next word; --no-x sets false; --x=false too', () => {
    expect(parse('copy', '--all', 'src').positionals).toEqual(['src']);
    expect(parse('copy', '--no-dry-run').flags).toEqual({ dryRun: false });
    expect(parse('copy', '--dry-run=false').flags).toEqual({ dryRun: false });
  });

  it('P4 · -- ends options; the rest is passthrough, --json there is not --json', () => {
    const parsed = parse('copy', 'a', '--', '--all', '--json');
    expect(parsed.positionals).toEqual(['a']);
    expect(parsed.passthrough).toEqual(['--all', '--json']);
    expect(parsed.globals.json).toBe(false);
  });

  it('P4 · multiple values repeat and split on the separator', () => {
    expect(parse('copy', '--tag', 'a,b', '--tag=c').flags).toEqual({ tag: ['a', 'b', 'c'] });
  });

  it('P4 · a negative number is a value, not a flag', () => {
    expect(parse('copy', '--level', '-3').flags).toEqual({ level: ['-3'] });
  });

  it('E2 · --json anywhere before --, also before the command; --format json too', () => {
    expect(wantsJson(['--json', 'copy'])).toBe(true);
    expect(wantsJson(['copy', '--', '--json'])).toBe(false);
    expect(wantsJson(['copy', '--format', 'json'])).toBe(true);
    expect(wantsJson(['copy', '--output=json'])).toBe(true);
    expect(parse('--json', 'copy', 'a').globals.json).toBe(true);
  });

  it('P3 · --config <path> and --no-config are read when the program has config files', () => {
    expect(parse('copy', '--config', 'c.json').globals.config).toBe('c.json');
    expect(parse('copy', '--no-config').globals.noConfig).toBe(true);
  });

  it('P4 · a flag that needs a value and has none is a usage error', () => {
    expect(() => parse('copy', '--name')).toThrow('--name needs a value');
    expect(() => parse('copy', '--name', '--all')).toThrow('--name needs a value');
  });
});
