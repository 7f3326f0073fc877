#!/usr/bin/env node
// `cloud`, the program of bench/tokens/cloud-burgee.mjs declared with incur 0.7.1 for `npm run bench:tokens`:
// the same 20 commands, options, descriptions and examples, answering from bench/tokens/cloud-data.mjs.
// Effects are declared the way incur takes them: MCP tool annotations (only the hints that differ
// from the protocol's defaults) and `destructive: true` on the commands that delete. incur is
// installed by the bench into .bench/tokens/incur (Node >= 22). BENCH_MCP_TOOLS=all serves every
// command as a tool of its own (incur's `discovery: 'direct'`); incur's default is progressive discovery.
import { Cli, z } from '../../.bench/tokens/incur/node_modules/incur/dist/index.js';
import { deploys, logs, projects, secrets } from './cloud-data.mjs';

const readOnly = { annotations: { readOnlyHint: true } };
const idempotent = { annotations: { idempotentHint: true, destructiveHint: false } };
const changes = { annotations: { destructiveHint: false } };
const deletes = { annotations: { destructiveHint: true } };

const token = z.object({ CLOUD_TOKEN: z.string().describe('API token') });
const yes = z.boolean().optional().describe('confirm: this cannot be undone');
const project = z.string().describe('project name');
const environment = z
  .enum(['preview', 'production'])
  .default('production')
  .describe('environment the secret belongs to');
const plan = z.enum(['free', 'pro', 'team']);
const level = z.enum(['debug', 'info', 'warn', 'error']);
const all = (c) => ({ ...c.args, ...c.options });

/** Stops a destructive run that was not confirmed, naming the command that confirms it. */
function confirmed(c, what, command, args, options) {
  if (c.options.yes) return;
  c.error({
    code: 'CONFIRMATION_REQUIRED',
    message: `${what} cannot be undone`,
    cta: { commands: [{ command, args, options: { ...options, yes: true }, description: 'once the user agrees' }] },
  });
}

const projectGroup = Cli.create('projects', { description: 'Create, inspect and delete projects' })
  .command('list', {
    description: 'List the projects you can see',
    options: z.object({
      limit: z.number().int().min(1).max(100).default(20).describe('how many to show'),
      archived: z.boolean().optional().describe('include archived projects'),
      sort: z.enum(['name', 'created', 'updated']).default('name').describe('sort order'),
    }),
    examples: [{}, { options: { sort: 'created', limit: 5 } }],
    mcp: readOnly,
    run: (c) => projects.list(c.options),
  })
  .command('create', {
    description: 'Create a project',
    args: z.object({ name: z.string().describe('project name: lower-case letters, digits and dashes') }),
    options: z.object({
      region: z.enum(['us-east', 'eu-west', 'ap-south']).default('us-east').describe('where it runs'),
      plan: plan.default('free').describe('billing plan'),
      tag: z.array(z.string()).optional().describe('labels to attach'),
    }),
    env: token,
    examples: [{ args: { name: 'web' }, options: { region: 'eu-west', plan: 'pro' } }],
    mcp: changes,
    run: (c) => projects.create(all(c)),
  })
  .command('get', {
    description: 'Show one project',
    args: z.object({ name: z.string().describe('project name') }),
    options: z.object({
      usage: z.boolean().optional().describe("include this month's usage"),
      members: z.boolean().optional().describe('include the members'),
    }),
    examples: [{ args: { name: 'web' }, options: { usage: true } }],
    mcp: readOnly,
    run: (c) => projects.get(all(c)),
  })
  .command('update', {
    description: "Change a project's plan, description or labels; does nothing when they already hold those values",
    args: z.object({ name: z.string().describe('project name') }),
    options: z.object({
      plan: plan.optional().describe('billing plan'),
      description: z.string().optional().describe('a one-line description'),
      tag: z.array(z.string()).optional().describe('labels to set, replacing the current ones'),
    }),
    env: token,
    examples: [{ args: { name: 'web' }, options: { plan: 'team' } }],
    mcp: idempotent,
    run: (c) => projects.update(all(c)),
  })
  .command('delete', {
    description: 'Delete a project with its deploys, secrets and logs',
    args: z.object({ name: z.string().describe('project name') }),
    options: z.object({ yes, backup: z.boolean().default(true).describe('keep a final backup for 7 days') }),
    env: token,
    examples: [{ args: { name: 'old-site' }, options: { yes: true } }],
    destructive: true,
    mcp: deletes,
    run: (c) => {
      confirmed(c, `deleting project ${c.args.name}`, 'projects delete', { name: c.args.name });
      return projects.delete(all(c));
    },
  });

const deployGroup = Cli.create('deploys', { description: 'Deploy builds, inspect them and roll them back' })
  .command('list', {
    description: "List a project's deploys, newest first",
    options: z.object({
      project,
      status: z
        .enum(['queued', 'building', 'live', 'failed', 'cancelled'])
        .optional()
        .describe('only deploys in this state'),
      limit: z.number().int().min(1).max(50).default(10).describe('how many to show'),
    }),
    examples: [{ options: { project: 'web', status: 'live' } }],
    mcp: readOnly,
    run: (c) => deploys.list(c.options),
  })
  .command('create', {
    description: 'Build a branch of a project and deploy it',
    options: z.object({
      project,
      branch: z.string().default('main').describe('git branch to build'),
      env: z.enum(['preview', 'production']).default('preview').describe('target environment'),
      replicas: z.number().int().min(1).max(20).default(2).describe('instances to run'),
      wait: z.boolean().optional().describe('return once the deploy is live'),
      tag: z.array(z.string()).optional().describe('labels to attach'),
    }),
    env: token,
    examples: [
      { options: { project: 'web', env: 'production', replicas: 3 } },
      { options: { project: 'web', branch: 'feature-x', tag: ['review'] } },
    ],
    mcp: changes,
    run: (c) => deploys.create(c.options),
  })
  .command('get', {
    description: 'Show one deploy',
    args: z.object({ id: z.string().describe('deploy id') }),
    options: z.object({
      logs: z.boolean().optional().describe('include the last build log lines'),
      lines: z.number().int().min(1).max(200).default(20).describe('log lines to include'),
    }),
    examples: [{ args: { id: 'dpl_7f3a2c' }, options: { logs: true } }],
    mcp: readOnly,
    run: (c) => deploys.get(all(c)),
  })
  .command('rollback', {
    description: 'Put an earlier deploy of a project back live',
    options: z.object({
      project,
      to: z.string().optional().describe('deploy id to return to (default: the previous live one)'),
      reason: z.string().optional().describe('why, for the audit log'),
    }),
    env: token,
    examples: [{ options: { project: 'web', reason: 'error rate up' } }],
    mcp: changes,
    run: (c) => deploys.rollback(c.options),
  })
  .command('cancel', {
    description: 'Cancel a queued or running deploy; does nothing when it has already ended',
    args: z.object({ id: z.string().describe('deploy id') }),
    options: z.object({
      reason: z.string().optional().describe('why, for the audit log'),
      force: z.boolean().optional().describe('cancel even when the build is nearly done'),
    }),
    env: token,
    examples: [{ args: { id: 'dpl_61b9e0' } }],
    mcp: idempotent,
    run: (c) => deploys.cancel(all(c)),
  });

const secretGroup = Cli.create('secrets', { description: "Manage a project's secrets" })
  .command('list', {
    description: "List a project's secrets, without their values",
    options: z.object({
      project,
      env: z.enum(['preview', 'production', 'all']).default('all').describe('environment the secrets belong to'),
    }),
    env: token,
    examples: [{ options: { project: 'web' } }],
    mcp: readOnly,
    run: (c) => secrets.list(c.options),
  })
  .command('get', {
    description: 'Show one secret, masked unless asked',
    args: z.object({ name: z.string().describe('secret name') }),
    options: z.object({
      project,
      env: environment,
      reveal: z.boolean().optional().describe('print the value, not a mask'),
    }),
    env: token,
    examples: [{ args: { name: 'DATABASE_URL' }, options: { project: 'web' } }],
    mcp: readOnly,
    run: (c) => secrets.get(all(c)),
  })
  .command('set', {
    description: 'Set a secret; does nothing when it already holds that value',
    args: z.object({ name: z.string().describe('secret name') }),
    options: z.object({ project, env: environment, value: z.string().describe('the new value') }),
    env: token,
    examples: [{ args: { name: 'STRIPE_KEY' }, options: { project: 'web', value: 'sk_live_123' } }],
    mcp: idempotent,
    run: (c) => secrets.set(all(c)),
  })
  .command('delete', {
    description: 'Delete a secret',
    args: z.object({ name: z.string().describe('secret name') }),
    options: z.object({ project, env: environment, yes }),
    env: token,
    examples: [{ args: { name: 'OLD_KEY' }, options: { project: 'web', yes: true } }],
    destructive: true,
    mcp: deletes,
    run: (c) => {
      const { name } = c.args;
      confirmed(c, `deleting secret ${name}`, 'secrets delete', { name }, { project: c.options.project });
      return secrets.delete(all(c));
    },
  })
  .command('rotate', {
    description: 'Replace a secret with a new random value',
    args: z.object({ name: z.string().describe('secret name') }),
    options: z.object({
      project,
      env: environment,
      length: z.number().int().min(16).max(128).default(32).describe('characters in the new value'),
    }),
    env: token,
    examples: [{ args: { name: 'SESSION_SECRET' }, options: { project: 'web', length: 64 } }],
    mcp: changes,
    run: (c) => secrets.rotate(all(c)),
  });

const logGroup = Cli.create('logs', { description: "Read, search, export and forward a project's logs" })
  .command('tail', {
    description: "Show a project's latest log lines",
    options: z.object({
      project,
      lines: z.number().int().min(1).max(1000).default(100).describe('how many lines'),
      level: level.default('info').describe('lowest level shown'),
    }),
    examples: [{ options: { project: 'web', level: 'warn' } }],
    mcp: readOnly,
    run: (c) => logs.tail(c.options),
  })
  .command('search', {
    description: 'Find log lines that contain a text',
    args: z.object({ query: z.string().describe('text to find') }),
    options: z.object({
      project,
      since: z.string().default('1h').describe('how far back: 15m, 2h, 7d'),
      level: level.optional().describe('lowest level shown'),
      limit: z.number().int().min(1).max(500).default(50).describe('most lines to return'),
    }),
    examples: [{ args: { query: 'timeout' }, options: { project: 'web', since: '2h' } }],
    mcp: readOnly,
    run: (c) => logs.search(all(c)),
  })
  .command('export', {
    description: "Write a project's logs to a file; writes the same file again when run again",
    options: z.object({
      project,
      since: z.string().default('24h').describe('how far back: 15m, 2h, 7d'),
      type: z.enum(['json', 'csv']).default('json').describe('file type'),
      file: z.string().describe('file to write'),
    }),
    examples: [{ options: { project: 'web', file: 'web-logs.json' } }],
    mcp: idempotent,
    run: (c) => logs.export(c.options),
  })
  .command('drain', {
    description: "Send a project's logs to another service as they are written",
    options: z.object({
      project,
      url: z.string().describe('where to send log lines (https)'),
      protocol: z.enum(['json', 'syslog']).default('json').describe('line format'),
      level: level.default('info').describe('lowest level shown'),
    }),
    env: token,
    examples: [{ options: { project: 'web', url: 'https://logs.example.com/in' } }],
    mcp: changes,
    run: (c) => logs.drain(c.options),
  })
  .command('purge', {
    description: "Delete a project's log lines older than a date",
    options: z.object({ project, before: z.string().describe('a date, YYYY-MM-DD'), yes }),
    env: token,
    examples: [{ options: { project: 'web', before: '2026-01-01', yes: true } }],
    destructive: true,
    mcp: deletes,
    run: (c) => {
      const { project: name, before } = c.options;
      confirmed(c, `purging logs of ${name}`, 'logs purge', undefined, { project: name, before });
      return logs.purge(c.options);
    },
  });

Cli.create('cloud', {
  version: '1.0.0',
  description: 'Manage projects, deploys, secrets and logs on the cloud platform',
  ...(process.env.BENCH_MCP_TOOLS === 'all' ? { mcp: { tools: { discovery: 'direct' } } } : {}),
})
  .command(projectGroup)
  .command(deployGroup)
  .command(secretGroup)
  .command(logGroup)
  .serve();
