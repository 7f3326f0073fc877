import { defineCommand, defineProgram } from '../../declaration/index.js';
import { buildManifest } from '../../declaration/to-manifest.js';
import { findCommand } from '../../manifest/commands.js';
import type { toArgv } from './argv.js';

/** Two programs the argv tests call tools of: burgee's own style, and a plain one. */
export const run = () => null;
export const manifest = buildManifest(
  defineProgram({
    name: 'ship',
    envPrefix: 'SHIP',
    commands: [
      defineCommand({
        name: 'release',
        effects: 'non_idempotent',
        arguments: [{ name: 'services', variadic: true, required: false }],
        options: {
          build: { type: 'string', required: true },
          replicas: { type: 'number' },
          tag: { type: 'string', multiple: true },
          dryRun: { type: 'boolean', env: 'SHIP_DRY_RUN' },
        },
        run,
      }),
    ],
  }),
);
export const plain = buildManifest(
  defineProgram({
    name: 'tool',
    commands: [
      defineCommand({
        name: 'copy',
        effects: 'idempotent',
        arguments: [{ name: 'from' }, { name: 'to', required: false }, { name: 'mode', required: false }],
        options: {
          yes: { type: 'boolean' },
          verify: { type: 'boolean', default: true },
          strict: { type: 'boolean', negatable: false, env: 'STRICT' },
        },
        run,
      }),
      defineCommand({
        name: 'config',
        arguments: [{ name: 'key', required: false }],
        effects: 'read_only',
        run,
        commands: [defineCommand({ name: 'get', effects: 'read_only', run })],
      }),
      defineCommand({
        name: 'pick',
        effects: 'read_only',
        arguments: [
          { name: 'first', required: false, default: 'a' },
          { name: 'second', required: false },
        ],
        run,
      }),
    ],
  }),
);
export const release = findCommand(manifest.root, ['release'])!;
export const copy = findCommand(plain.root, ['copy'])!;
export const argv = (result: ReturnType<typeof toArgv>) => ('argv' in result ? result.argv : result.refusal.message);
