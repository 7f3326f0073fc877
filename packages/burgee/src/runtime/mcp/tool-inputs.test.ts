import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../../declaration/index.js';
import { buildManifest, findCommand } from '../../manifest/build.js';
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { toArgv } from '../../projections/mcp/argv.js';
import { type ParsedArgv, parseArgv } from '../parse-argv.js';
import { toParsedArgv } from './tool-inputs.js';

const run = () => null;
const commands = () => [
  defineCommand({
    name: 'release',
    effects: 'non_idempotent',
    arguments: [{ name: 'services', variadic: true, required: false }],
    options: {
      build: { type: 'string', required: true },
      replicas: { type: 'number' },
      tag: { type: 'string', multiple: true },
      only: { type: 'string', multiple: true, separator: ',' },
      level: { type: 'string', choices: ['low', 'high'] },
      dryRun: { type: 'boolean' },
      verify: { type: 'boolean', default: true },
      strict: { type: 'boolean', negatable: false, env: 'STRICT' },
      force: { type: 'boolean', negatable: false },
    },
    run,
    commands: [defineCommand({ name: 'plan', effects: 'read_only', run })],
  }),
  defineCommand({
    name: 'copy',
    effects: 'idempotent',
    arguments: [{ name: 'from' }, { name: 'to', required: false }, { name: 'mode', required: false, default: 'fast' }],
    options: { yes: { type: 'boolean' } },
    run,
  }),
];
const programs = [
  buildManifest(defineProgram({ name: 'ship', envPrefix: 'SHIP', config: true, commands: commands() })),
  buildManifest(defineProgram({ name: 'tool', commands: commands() })),
];

const word = fc.oneof(
  fc.constantFrom('', 'a', 'a,b', 'x=y', '-x', '--flag', '-1', 'plan', 'true', 'no', 'low', 'high', '3'),
  fc.string({ maxLength: 6 }),
);
const scalar = fc.oneof(word, fc.boolean(), fc.integer({ min: -5, max: 5 }), fc.double(), fc.constant(null));
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.array(word, { maxLength: 2 }), { maxLength: 2 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('k'), word) },
);
const keysOf = (command: ManifestCommand) => [
  ...command.options.map((o) => o.key),
  ...command.arguments.map((a) => a.name),
  'unknownKey',
  'json',
  'noVerify',
];
const call = fc
  .tuple(fc.constantFrom(...programs), fc.constantFrom(['release'], ['copy']))
  .chain(([manifest, path]) => {
    const command = findCommand(manifest.root, path)!;
    return fc.record({
      manifest: fc.constant(manifest),
      command: fc.constant(command),
      args: fc.dictionary(fc.constantFrom(...keysOf(command)), value, { maxKeys: 5 }),
    });
  });

/** What the parser makes of the written command line, or the message it refuses it with. */
function parseWritten(manifest: Manifest, command: ManifestCommand, args: Record<string, unknown>) {
  const written = toArgv(command, args, { program: manifest.name, config: manifest.config });
  if ('refusal' in written) return { refused: written.refusal.message };
  try {
    return { parsed: parseArgv(manifest, written.argv) };
  } catch (error) {
    return { refused: (error as Error).message };
  }
}

const comparable = (parsed: ParsedArgv) => ({
  command: parsed.command.path,
  globals: parsed.globals,
  flags: [...parsed.flags.entries()].map(([key, { option, ...flag }]) => [key, option.key, flag]),
  positionals: parsed.positionals,
  passthrough: parsed.passthrough,
});

describe('M3 · tool arguments read directly equal the parse of their command line', () => {
  it('M3 · for any arguments, toParsedArgv is parseArgv(toArgv(…)) exactly, or leaves the call to the command line', () => {
    let direct = 0;
    fc.assert(
      fc.property(call, ({ manifest, command, args }) => {
        const read = toParsedArgv(command, args, { program: manifest.name, config: manifest.config });
        const written = parseWritten(manifest, command, args);
        if (read === undefined) return;
        direct++;
        // A call read directly is one its command line would have parsed, to the same flags and words.
        expect(written.parsed, `refused on the CLI: ${written.refused}`).toBeDefined();
        expect(comparable(read)).toEqual(comparable(written.parsed!));
        expect(read.command).toBe(written.parsed!.command);
      }),
      { numRuns: 3000 },
    );
    // Most generated calls are ordinary ones: the property is not met by declining them all.
    expect(direct).toBeGreaterThan(600);
  });

  it('M3 · unknown keys, and values a boolean flag cannot take as given, go by the command line', () => {
    const [manifest] = programs;
    const release = findCommand(manifest!.root, ['release'])!;
    const context = { program: 'ship', config: true };
    expect(toParsedArgv(release, { build: '1', other: 1 }, context)).toBeUndefined();
    expect(toParsedArgv(release, { build: '1', dryRun: 'yes' }, context)).toBeUndefined();
    expect(toParsedArgv(release, { build: '1', services: ['-x'] }, context)).toBeUndefined();
    expect(toParsedArgv(release, { build: '1', dryRun: false }, context)?.flags.get('dryRun')).toMatchObject({
      token: '--no-dry-run',
      value: false,
    });
  });
});
