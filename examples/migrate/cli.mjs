#!/usr/bin/env node
// A database migration tool, the shape of a real one: `status` only reads, `up` applies what is
// pending (idempotent, with progress), `down` reverts and destroys (asks a person to confirm,
// refuses an agent until --yes). The database URL is a secret read from DATABASE_URL, so nobody
// types it; settings such as the migrations folder may come from mig.config.json.
// The "database" is a JSON file named by a file: URL, which keeps the example self-contained.
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError, defineCommand, defineProgram, run } from 'burgee';

const MIGRATIONS = ['001_create_users', '002_create_orders', '003_index_orders_by_user'];

const databaseUrl = {
  type: 'string',
  required: true,
  secret: true,
  env: 'DATABASE_URL',
  placeholder: 'url',
  description: 'where the database is (a file: URL in this example)',
};

/** The file a `file:` URL names, relative to the working folder when it is not absolute. */
function databaseFile(url, cwd) {
  if (!url.startsWith('file:')) {
    throw new ConfigError('DATABASE_URL must be a file: URL in this example', {
      hint: 'set DATABASE_URL=file:./mig-db.json',
    });
  }
  return resolve(cwd, url.slice('file:'.length).replace(/^\/\/(?=\/)/, ''));
}

function readApplied(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8')).applied ?? [];
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw new ConfigError(`the database file ${file} is not readable: ${error.message}`);
  }
}

function writeApplied(file, applied) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ applied }, null, 2)}\n`);
}

const status = defineCommand({
  name: 'status',
  description: 'Show which migrations are applied and which are pending',
  effects: 'read_only',
  options: { databaseUrl },
  examples: ['mig status', { command: 'mig status --json', description: 'as data' }],
  run: (ctx) => {
    const applied = readApplied(databaseFile(ctx.options.databaseUrl, ctx.cwd));
    return MIGRATIONS.map((name) => ({ name, applied: applied.includes(name) }));
  },
});

const up = defineCommand({
  name: 'up',
  description: 'Apply the pending migrations, up to --to when given; does nothing when none is pending',
  effects: 'idempotent',
  options: {
    databaseUrl,
    to: { type: 'string', choices: MIGRATIONS, description: 'the last migration to apply' },
    pace: { type: 'number', minimum: 0, default: 0, hidden: true, description: 'milliseconds per migration' },
  },
  examples: ['mig up', 'mig up --to 002_create_orders'],
  run: async (ctx) => {
    const file = databaseFile(ctx.options.databaseUrl, ctx.cwd);
    const applied = readApplied(file);
    const last = ctx.options.to === undefined ? MIGRATIONS.length : MIGRATIONS.indexOf(ctx.options.to) + 1;
    const pending = MIGRATIONS.slice(0, last).filter((name) => !applied.includes(name));
    for (const [done, name] of pending.entries()) {
      ctx.progress({ done, total: pending.length, message: `applying ${name}` });
      await new Promise((settle) => setTimeout(settle, ctx.options.pace));
      applied.push(name);
      writeApplied(file, applied);
    }
    return { applied: pending, changed: pending.length > 0 };
  },
});

const down = defineCommand({
  name: 'down',
  description: 'Revert the last applied migrations, dropping what they created',
  effects: 'non_idempotent',
  options: {
    databaseUrl,
    // A destructive count reads no prefix-derived variable, and names none of its own.
    steps: { type: 'number', integer: true, minimum: 1, default: 1, description: 'how many migrations to revert' },
    // env: false: a stray variable must never confirm a destructive command.
    yes: { type: 'boolean', env: false, description: 'revert without asking', prompt: { message: 'Revert?' } },
  },
  examples: [{ command: 'mig down --steps 1 --yes', description: 'revert the last migration' }],
  run: (ctx) => {
    if (!ctx.options.yes) return { reverted: [] };
    const file = databaseFile(ctx.options.databaseUrl, ctx.cwd);
    const applied = readApplied(file);
    const reverted = applied.splice(Math.max(0, applied.length - ctx.options.steps)).reverse();
    writeApplied(file, applied);
    return { reverted };
  },
});

export const program = defineProgram({
  name: 'mig',
  version: '1.0.0',
  description: 'Apply and revert database migrations, from a terminal or an agent.',
  config: true,
  commands: [status, up, down],
});

if (process.argv[1] && realpathSync(process.argv[1]) === import.meta.filename) await run(program);
