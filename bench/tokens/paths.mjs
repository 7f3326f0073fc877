// The three tasks of the token benchmark (bench/README.md), measured on one program by its own paths:
// (a) session start, (b) learn one command and run it, (c) run five commands from three groups; each
// by skills, by the command line alone and over MCP (the server's default, and every tool listed).
// Each path is a list of pieces `{ what, text }`: the exact text an agent reads or writes.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mcpTask } from './mcp-tasks.mjs';
import { filesToLearn, readSkills, sessionStart } from './skills.mjs';

/** The command learnt in (b), with its command line words and its MCP arguments. */
export const LEARN = {
  group: 'deploys',
  command: 'create',
  argv: ['deploys', 'create', '--project', 'web', '--env', 'production', '--replicas', '3'],
  arguments: { project: 'web', env: 'production', replicas: 3 },
};

/** The five commands of (c), from three groups. */
export const FIVE = [
  LEARN,
  {
    group: 'deploys',
    command: 'get',
    argv: ['deploys', 'get', 'dpl_8d41f7', '--logs'],
    arguments: { id: 'dpl_8d41f7', logs: true },
  },
  {
    group: 'secrets',
    command: 'set',
    argv: ['secrets', 'set', 'STRIPE_KEY', '--project', 'web', '--value', 'sk_live_123'],
    arguments: { name: 'STRIPE_KEY', project: 'web', value: 'sk_live_123' },
  },
  {
    group: 'logs',
    command: 'tail',
    argv: ['logs', 'tail', '--project', 'web', '--level', 'warn'],
    arguments: { project: 'web', level: 'warn' },
  },
  {
    group: 'logs',
    command: 'search',
    argv: ['logs', 'search', 'timeout', '--project', 'web', '--since', '2h'],
    arguments: { query: 'timeout', project: 'web', since: '2h' },
  },
];

const quote = (word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);
/** A home folder and a project folder of their own, under `base`. */
const place = (base, name) => {
  const where = { home: join(base, name, 'home'), cwd: join(base, name, 'project') };
  for (const dir of Object.values(where)) mkdirSync(dir, { recursive: true });
  return where;
};

/**
 * A call of the program as a shell runs it for an agent: the command line it types and what the
 * program prints (stdout, then stderr if any). It must exit 0.
 */
function runner({ program, node, file, env }) {
  return (argv, where) => {
    const result = spawnSync(node, [file, ...argv], {
      env: { ...env, HOME: where.home },
      cwd: where.cwd,
      encoding: 'utf8',
    });
    if (result.status !== 0)
      throw new Error(`${file} ${argv.join(' ')}: exit ${result.status}\n${result.stdout}${result.stderr}`);
    const line = [program, ...argv].map(quote).join(' ');
    return [
      { what: `\`${line}\``, text: line },
      { what: 'its output', text: result.stdout + result.stderr },
    ];
  };
}

/**
 * Every path of every task on one program; `framework` = `{ program, file, runFlags }`. The skills
 * path runs where `skills add` wrote (its home and project folders); the others in fresh ones.
 */
export async function measurePaths(framework, { node, env }) {
  const base = mkdtempSync(join(tmpdir(), `bench-tokens-${framework.name}-`));
  try {
    return await measureIn(base, framework, { node, env });
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

async function measureIn(base, framework, { node, env }) {
  const cli = runner({ ...framework, node, env });
  const run = (command, where) => cli([...command.argv, ...framework.runFlags], where);

  const skilled = place(base, 'skills');
  cli(['skills', 'add'], skilled);
  const files = readSkills([skilled.home, skilled.cwd]);
  const start = sessionStart(files);
  const bySkills = (commands) => [
    ...start,
    ...filesToLearn(files, framework.program, commands),
    ...commands.flatMap((command) => run(command, skilled)),
  ];

  const plain = place(base, 'plain');
  const llms = cli(['--llms'], plain);
  const byCli = (commands) => [
    ...llms,
    ...commands.flatMap((command) => [
      ...cli([command.group, command.command, framework.oneCommand], plain),
      ...run(command, plain),
    ]),
  ];

  const server = (all) => ({
    node,
    file: framework.file,
    cwd: plain.cwd,
    env: { ...env, HOME: plain.home, ...(all ? { BENCH_MCP_TOOLS: 'all' } : {}) },
  });
  const mcp = {};
  for (const [key, all] of [
    ['default', false],
    ['all', true],
  ]) {
    mcp[key] = { b: await mcpTask(server(all), [LEARN]), c: await mcpTask(server(all), FIVE) };
  }

  return {
    files,
    tools: { default: mcp.default.b.tools, all: mcp.all.b.tools },
    paths: {
      a: { skills: start, mcpDefault: mcp.default.b.list, mcpAll: mcp.all.b.list },
      b: { skills: bySkills([LEARN]), cli: byCli([LEARN]), mcpDefault: mcp.default.b.all, mcpAll: mcp.all.b.all },
      c: { skills: bySkills(FIVE), cli: byCli(FIVE), mcpDefault: mcp.default.c.all, mcpAll: mcp.all.c.all },
    },
  };
}
