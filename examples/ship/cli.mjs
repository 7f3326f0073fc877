#!/usr/bin/env node
// A richer program: nested commands, every option type, an env prefix, a config file,
// an idempotent command, a withheld one, a lazily loaded one, options a person is asked for
// (and an agent refused) and progress on long work. Used by the README and the tests.
import { appendFileSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineCommand, defineProgram, run, UsageError } from 'burgee';

const SERVICES = [
  { name: 'api', replicas: 3, healthy: true },
  { name: 'web', replicas: 2, healthy: true },
  { name: 'worker', replicas: 1, healthy: false },
];

/** Settings live in a small JSON file in the working folder, so `config set` is really idempotent. */
const settingsFile = (cwd) => join(cwd, '.ship-settings.json');
const readSettings = (cwd) => {
  try {
    return JSON.parse(readFileSync(settingsFile(cwd), 'utf8'));
  } catch {
    return {};
  }
};

const status = defineCommand({
  name: 'status',
  summary: 'Show the state of every service',
  description: 'Show the state of every service. Unhealthy ones first with --problems.',
  effects: 'read_only',
  options: {
    problems: { type: 'boolean', short: 'p', description: 'only services that are not healthy' },
  },
  examples: ['ship status', { command: 'ship status --problems', description: 'what needs attention' }],
  run: (ctx) => SERVICES.filter((s) => !ctx.options.problems || !s.healthy),
});

const configGet = defineCommand({
  name: 'get',
  description: 'Read one setting',
  effects: 'read_only',
  arguments: [{ name: 'key', description: 'the setting to read' }],
  examples: ['ship config get region'],
  run: (ctx) => {
    const settings = readSettings(ctx.cwd);
    if (!(ctx.args.key in settings)) {
      throw new UsageError(`no setting named "${ctx.args.key}"`, {
        hint: `known settings: ${Object.keys(settings).join(', ') || 'none yet'}`,
      });
    }
    return { key: ctx.args.key, value: settings[ctx.args.key] };
  },
});

const configSet = defineCommand({
  name: 'set',
  description: 'Write one setting; does nothing when it already holds that value',
  effects: 'idempotent',
  arguments: [
    { name: 'key', description: 'the setting to write' },
    { name: 'value', description: 'its new value' },
  ],
  examples: ['ship config set region eu-west'],
  run: (ctx) => {
    const settings = readSettings(ctx.cwd);
    const changed = settings[ctx.args.key] !== ctx.args.value;
    if (changed)
      writeFileSync(
        settingsFile(ctx.cwd),
        `${JSON.stringify({ ...settings, [ctx.args.key]: ctx.args.value }, null, 2)}\n`,
      );
    return { key: ctx.args.key, value: ctx.args.value, changed };
  },
});

const release = defineCommand({
  name: 'release',
  description: 'Cut a release of one or more services',
  effects: 'non_idempotent',
  arguments: [{ name: 'services', description: 'services to release (default: api)', variadic: true, required: false }],
  options: {
    build: { type: 'string', required: true, short: 'b', description: 'version to release', placeholder: 'version' },
    // A release changes state, so SHIP_* is read only for the options that name their variable
    // (P2): a leftover SHIP_BUILD or SHIP_REGION in a shell never changes what is released.
    channel: {
      type: 'string',
      choices: ['stable', 'beta', 'nightly'],
      default: 'stable',
      env: 'SHIP_CHANNEL',
      description: 'release channel',
    },
    replicas: {
      type: 'number',
      integer: true,
      minimum: 1,
      maximum: 20,
      default: 2,
      env: 'SHIP_REPLICAS',
      description: 'replicas per service',
    },
    canary: { type: 'number', minimum: 0, maximum: 1, description: 'share of traffic for the canary' },
    tag: { type: 'string', multiple: true, description: 'labels to attach (repeat, or comma-separate)' },
    dryRun: { type: 'boolean', env: 'SHIP_DRY_RUN', description: 'show the plan without releasing' },
    verify: { type: 'boolean', default: true, description: 'run smoke tests after the release' },
    token: { type: 'string', secret: true, env: 'SHIP_TOKEN', description: 'registry token' },
    region: { type: 'string', description: 'region to release in' },
  },
  examples: [
    'ship release api --build 1.4.0 --channel beta',
    'ship release api web -b 2.0.0 --tag hotfix,urgent --dry-run',
  ],
  load: () => import('./release.mjs'),
});

const dbDrop = defineCommand({
  name: 'drop',
  description: 'Drop the database (people only: withheld from agents on MCP)',
  effects: 'withheld',
  // env: false: SHIP_YES=1 left in a shell must not confirm a destructive command (D3).
  options: { yes: { type: 'boolean', env: false, description: 'really drop it' } },
  examples: [{ command: 'ship db drop --yes', description: 'after a backup' }],
  run: (ctx) => {
    if (!ctx.options.yes) {
      ctx.actionRequired({
        reason: 'confirm',
        message: 'dropping the database destroys every row',
        next: [{ command: 'db drop --yes', when: 'only if you have a backup' }],
        hint: 'take a backup of the database before you confirm',
      });
    }
    return 'database dropped';
  },
});

const SERVICE_NAMES = SERVICES.map((s) => s.name);

const rollback = defineCommand({
  name: 'rollback',
  summary: 'Roll a service back to its previous build',
  description: 'Roll a service back to its previous build. At a terminal, asks for what was not given.',
  effects: 'non_idempotent',
  options: {
    // Bound prompts: asked for when no flag, env or config gives them and a person is there;
    // anyone else is refused at once with the flags to pass.
    service: {
      type: 'string',
      choices: SERVICE_NAMES,
      env: 'SHIP_SERVICE',
      description: 'service to roll back',
      prompt: { message: 'Which service?' },
    },
    reason: {
      type: 'string',
      env: 'SHIP_REASON',
      description: 'why, for the rollback log',
      prompt: { message: 'Why roll back?' },
    },
  },
  examples: ["ship rollback --service api --reason 'error rate up'"],
  run: (ctx) => {
    const entry = { service: ctx.options.service, reason: ctx.options.reason, to: 'previous build' };
    appendFileSync(join(ctx.cwd, '.ship-rollbacks.log'), `${JSON.stringify(entry)}\n`);
    return entry;
  },
});

const dbBackup = defineCommand({
  name: 'backup',
  summary: 'Copy every table to a backup file',
  description: 'Copy every table to a backup file, showing progress to a person at a terminal',
  effects: 'non_idempotent',
  // Long work: `ship db backup --detach` runs it in the background, and an MCP client may ask for a task.
  task: 'optional',
  options: {
    tables: { type: 'number', integer: true, minimum: 1, maximum: 100, default: 8, description: 'tables to copy' },
    pace: { type: 'number', minimum: 0, default: 250, hidden: true, description: 'milliseconds per table' },
  },
  examples: ['ship db backup --tables 20'],
  run: async (ctx) => {
    const { tables, pace } = ctx.options;
    for (let done = 0; done < tables; done++) {
      // A cancel (Ctrl-C, tasks cancel, an MCP client's) stops the copy between tables.
      ctx.signal.throwIfAborted();
      ctx.progress({ done, total: tables, message: `copying table ${done + 1} of ${tables}` });
      await new Promise((resolve) => setTimeout(resolve, pace));
    }
    return { tables, file: 'backup.sql' };
  },
});

const debug = defineCommand({
  name: 'debug',
  description: 'internal diagnostics',
  effects: 'read_only',
  hidden: true,
  run: () => ({ pid: process.pid }),
});

export const program = defineProgram({
  name: 'ship',
  version: '1.0.0',
  description: 'Ship services to production, from a terminal or an agent.',
  envPrefix: 'SHIP',
  config: true,
  commands: [
    status,
    defineCommand({ name: 'config', description: 'Read and write settings', commands: [configGet, configSet] }),
    release,
    rollback,
    defineCommand({ name: 'db', description: 'Database chores', commands: [dbBackup, dbDrop] }),
    debug,
  ],
});

// Run when started as a script; stay quiet when imported by tests or `burgee dev`.
if (process.argv[1] && realpathSync(process.argv[1]) === import.meta.filename) await run(program);
