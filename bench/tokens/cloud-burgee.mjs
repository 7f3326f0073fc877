#!/usr/bin/env node
// `cloud`, a 20-command program in four groups, declared with burgee for `npm run bench:tokens`.
// bench/tokens/cloud-incur.mjs declares the same commands, options, descriptions and examples with
// incur; both answer from bench/tokens/cloud-data.mjs. BENCH_MCP_TOOLS=all lists every tool on MCP
// whatever burgee's default is (a tool budget no list reaches).
import { defineCommand, defineProgram, run } from '../../packages/burgee/dist/index.js';
import { deploys, logs, projects, secrets } from './cloud-data.mjs';

const token = { type: 'string', required: true, secret: true, env: 'CLOUD_TOKEN', description: 'API token' };
const yes = { type: 'boolean', env: false, description: 'confirm: this cannot be undone' };
const project = { type: 'string', required: true, description: 'project name' };
const environment = {
  type: 'string',
  choices: ['preview', 'production'],
  default: 'production',
  description: 'environment the secret belongs to',
};
const plan = { type: 'string', choices: ['free', 'pro', 'team'], description: 'billing plan' };
const level = { type: 'string', choices: ['debug', 'info', 'warn', 'error'], description: 'lowest level shown' };

/** Stops a destructive run that was not confirmed: exit 4, with the command line that confirms it. */
function confirmed(ctx, what, line) {
  if (ctx.options.yes) return;
  ctx.actionRequired({
    reason: 'confirm',
    message: `${what} cannot be undone`,
    next: [{ command: `${line} --yes`, when: 'once the user agrees' }],
  });
}

const projectCommands = [
  defineCommand({
    name: 'list',
    description: 'List the projects you can see',
    effects: 'read_only',
    options: {
      limit: { type: 'number', integer: true, minimum: 1, maximum: 100, default: 20, description: 'how many to show' },
      archived: { type: 'boolean', description: 'include archived projects' },
      sort: { type: 'string', choices: ['name', 'created', 'updated'], default: 'name', description: 'sort order' },
    },
    examples: ['cloud projects list', 'cloud projects list --sort created --limit 5'],
    run: (ctx) => projects.list(ctx.options),
  }),
  defineCommand({
    name: 'create',
    description: 'Create a project',
    effects: 'non_idempotent',
    arguments: [{ name: 'name', description: 'project name: lower-case letters, digits and dashes' }],
    options: {
      region: {
        type: 'string',
        choices: ['us-east', 'eu-west', 'ap-south'],
        default: 'us-east',
        description: 'where it runs',
      },
      plan: { ...plan, default: 'free' },
      tag: { type: 'string', multiple: true, description: 'labels to attach' },
      token,
    },
    examples: ['cloud projects create web --region eu-west --plan pro'],
    run: (ctx) => projects.create({ ...ctx.args, ...ctx.options }),
  }),
  defineCommand({
    name: 'get',
    description: 'Show one project',
    effects: 'read_only',
    arguments: [{ name: 'name', description: 'project name' }],
    options: {
      usage: { type: 'boolean', description: "include this month's usage" },
      members: { type: 'boolean', description: 'include the members' },
    },
    examples: ['cloud projects get web --usage'],
    run: (ctx) => projects.get({ ...ctx.args, ...ctx.options }),
  }),
  defineCommand({
    name: 'update',
    description: "Change a project's plan, description or labels; does nothing when they already hold those values",
    effects: 'idempotent',
    arguments: [{ name: 'name', description: 'project name' }],
    options: {
      plan,
      description: { type: 'string', description: 'a one-line description' },
      tag: { type: 'string', multiple: true, description: 'labels to set, replacing the current ones' },
      token,
    },
    examples: ['cloud projects update web --plan team'],
    run: (ctx) => projects.update({ ...ctx.args, ...ctx.options }),
  }),
  defineCommand({
    name: 'delete',
    description: 'Delete a project with its deploys, secrets and logs',
    effects: 'non_idempotent',
    arguments: [{ name: 'name', description: 'project name' }],
    options: {
      yes,
      backup: { type: 'boolean', default: true, description: 'keep a final backup for 7 days' },
      token,
    },
    examples: ['cloud projects delete old-site --yes'],
    run: (ctx) => {
      confirmed(ctx, `deleting project ${ctx.args.name}`, `projects delete ${ctx.args.name}`);
      return projects.delete({ ...ctx.args, ...ctx.options });
    },
  }),
];

const deployCommands = [
  defineCommand({
    name: 'list',
    description: "List a project's deploys, newest first",
    effects: 'read_only',
    options: {
      project,
      status: {
        type: 'string',
        choices: ['queued', 'building', 'live', 'failed', 'cancelled'],
        description: 'only deploys in this state',
      },
      limit: { type: 'number', integer: true, minimum: 1, maximum: 50, default: 10, description: 'how many to show' },
    },
    examples: ['cloud deploys list --project web --status live'],
    run: (ctx) => deploys.list(ctx.options),
  }),
  defineCommand({
    name: 'create',
    description: 'Build a branch of a project and deploy it',
    effects: 'non_idempotent',
    options: {
      project,
      branch: { type: 'string', default: 'main', description: 'git branch to build' },
      env: {
        type: 'string',
        choices: ['preview', 'production'],
        default: 'preview',
        description: 'target environment',
      },
      replicas: { type: 'number', integer: true, minimum: 1, maximum: 20, default: 2, description: 'instances to run' },
      wait: { type: 'boolean', description: 'return once the deploy is live' },
      tag: { type: 'string', multiple: true, description: 'labels to attach' },
      token,
    },
    examples: [
      'cloud deploys create --project web --env production --replicas 3',
      'cloud deploys create --project web --branch feature-x --tag review',
    ],
    run: (ctx) => deploys.create(ctx.options),
  }),
  defineCommand({
    name: 'get',
    description: 'Show one deploy',
    effects: 'read_only',
    arguments: [{ name: 'id', description: 'deploy id' }],
    options: {
      logs: { type: 'boolean', description: 'include the last build log lines' },
      lines: {
        type: 'number',
        integer: true,
        minimum: 1,
        maximum: 200,
        default: 20,
        description: 'log lines to include',
      },
    },
    examples: ['cloud deploys get dpl_7f3a2c --logs'],
    run: (ctx) => deploys.get({ ...ctx.args, ...ctx.options }),
  }),
  defineCommand({
    name: 'rollback',
    description: 'Put an earlier deploy of a project back live',
    effects: 'non_idempotent',
    options: {
      project,
      to: { type: 'string', description: 'deploy id to return to (default: the previous live one)' },
      reason: { type: 'string', description: 'why, for the audit log' },
      token,
    },
    examples: ["cloud deploys rollback --project web --reason 'error rate up'"],
    run: (ctx) => deploys.rollback(ctx.options),
  }),
  defineCommand({
    name: 'cancel',
    description: 'Cancel a queued or running deploy; does nothing when it has already ended',
    effects: 'idempotent',
    arguments: [{ name: 'id', description: 'deploy id' }],
    options: {
      reason: { type: 'string', description: 'why, for the audit log' },
      force: { type: 'boolean', description: 'cancel even when the build is nearly done' },
      token,
    },
    examples: ['cloud deploys cancel dpl_61b9e0'],
    run: (ctx) => deploys.cancel({ ...ctx.args, ...ctx.options }),
  }),
];

const secretCommands = [
  defineCommand({
    name: 'list',
    description: "List a project's secrets, without their values",
    effects: 'read_only',
    options: {
      project,
      env: {
        type: 'string',
        choices: ['preview', 'production', 'all'],
        default: 'all',
        description: 'environment the secrets belong to',
      },
      token,
    },
    examples: ['cloud secrets list --project web'],
    run: (ctx) => secrets.list(ctx.options),
  }),
  defineCommand({
    name: 'get',
    description: 'Show one secret, masked unless asked',
    effects: 'read_only',
    arguments: [{ name: 'name', description: 'secret name' }],
    options: {
      project,
      env: environment,
      reveal: { type: 'boolean', description: 'print the value, not a mask' },
      token,
    },
    examples: ['cloud secrets get DATABASE_URL --project web'],
    run: (ctx) => secrets.get({ ...ctx.args, ...ctx.options }),
  }),
  defineCommand({
    name: 'set',
    description: 'Set a secret; does nothing when it already holds that value',
    effects: 'idempotent',
    arguments: [{ name: 'name', description: 'secret name' }],
    options: {
      project,
      env: environment,
      value: { type: 'string', required: true, description: 'the new value' },
      token,
    },
    examples: ['cloud secrets set STRIPE_KEY --project web --value sk_live_123'],
    run: (ctx) => secrets.set({ ...ctx.args, ...ctx.options }),
  }),
  defineCommand({
    name: 'delete',
    description: 'Delete a secret',
    effects: 'non_idempotent',
    arguments: [{ name: 'name', description: 'secret name' }],
    options: { project, env: environment, yes, token },
    examples: ['cloud secrets delete OLD_KEY --project web --yes'],
    run: (ctx) => {
      confirmed(
        ctx,
        `deleting secret ${ctx.args.name}`,
        `secrets delete ${ctx.args.name} --project ${ctx.options.project}`,
      );
      return secrets.delete({ ...ctx.args, ...ctx.options });
    },
  }),
  defineCommand({
    name: 'rotate',
    description: 'Replace a secret with a new random value',
    effects: 'non_idempotent',
    arguments: [{ name: 'name', description: 'secret name' }],
    options: {
      project,
      env: environment,
      length: {
        type: 'number',
        integer: true,
        minimum: 16,
        maximum: 128,
        default: 32,
        description: 'characters in the new value',
      },
      token,
    },
    examples: ['cloud secrets rotate SESSION_SECRET --project web --length 64'],
    run: (ctx) => secrets.rotate({ ...ctx.args, ...ctx.options }),
  }),
];

const logCommands = [
  defineCommand({
    name: 'tail',
    description: "Show a project's latest log lines",
    effects: 'read_only',
    options: {
      project,
      lines: { type: 'number', integer: true, minimum: 1, maximum: 1000, default: 100, description: 'how many lines' },
      level: { ...level, default: 'info' },
    },
    examples: ['cloud logs tail --project web --level warn'],
    run: (ctx) => logs.tail(ctx.options),
  }),
  defineCommand({
    name: 'search',
    description: 'Find log lines that contain a text',
    effects: 'read_only',
    arguments: [{ name: 'query', description: 'text to find' }],
    options: {
      project,
      since: { type: 'string', default: '1h', description: 'how far back: 15m, 2h, 7d' },
      level,
      limit: {
        type: 'number',
        integer: true,
        minimum: 1,
        maximum: 500,
        default: 50,
        description: 'most lines to return',
      },
    },
    examples: ["cloud logs search 'timeout' --project web --since 2h"],
    run: (ctx) => logs.search({ ...ctx.args, ...ctx.options }),
  }),
  defineCommand({
    name: 'export',
    description: "Write a project's logs to a file; writes the same file again when run again",
    effects: 'idempotent',
    options: {
      project,
      since: { type: 'string', default: '24h', description: 'how far back: 15m, 2h, 7d' },
      type: { type: 'string', choices: ['json', 'csv'], default: 'json', description: 'file type' },
      file: { type: 'string', required: true, description: 'file to write' },
    },
    examples: ['cloud logs export --project web --file web-logs.json'],
    run: (ctx) => logs.export(ctx.options),
  }),
  defineCommand({
    name: 'drain',
    description: "Send a project's logs to another service as they are written",
    effects: 'non_idempotent',
    options: {
      project,
      url: { type: 'string', required: true, description: 'where to send log lines (https)' },
      protocol: { type: 'string', choices: ['json', 'syslog'], default: 'json', description: 'line format' },
      level: { ...level, default: 'info' },
      token,
    },
    examples: ['cloud logs drain --project web --url https://logs.example.com/in'],
    run: (ctx) => logs.drain(ctx.options),
  }),
  defineCommand({
    name: 'purge',
    description: "Delete a project's log lines older than a date",
    effects: 'non_idempotent',
    options: {
      project,
      before: { type: 'string', required: true, description: 'a date, YYYY-MM-DD' },
      yes,
      token,
    },
    examples: ['cloud logs purge --project web --before 2026-01-01 --yes'],
    run: (ctx) => {
      confirmed(
        ctx,
        `purging logs of ${ctx.options.project}`,
        `logs purge --project ${ctx.options.project} --before ${ctx.options.before}`,
      );
      return logs.purge(ctx.options);
    },
  }),
];

export const program = defineProgram({
  name: 'cloud',
  version: '1.0.0',
  description: 'Manage projects, deploys, secrets and logs on the cloud platform',
  commands: [
    defineCommand({ name: 'projects', description: 'Create, inspect and delete projects', commands: projectCommands }),
    defineCommand({
      name: 'deploys',
      description: 'Deploy builds, inspect them and roll them back',
      commands: deployCommands,
    }),
    defineCommand({ name: 'secrets', description: "Manage a project's secrets", commands: secretCommands }),
    defineCommand({
      name: 'logs',
      description: "Read, search, export and forward a project's logs",
      commands: logCommands,
    }),
  ],
  ...(process.env.BENCH_MCP_TOOLS === 'all' ? { mcp: { toolBudget: Number.MAX_SAFE_INTEGER } } : {}),
});

await run(program);
