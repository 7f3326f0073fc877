// The pretend back end of the `cloud` program that bench/tokens/cloud-burgee.mjs and cloud-incur.mjs
// both declare: one function per command, each returning the same small, plausible and fixed data
// (no clock, no randomness), so the two programs' results differ only by how each framework prints them.

const PROJECTS = [
  { name: 'web', region: 'eu-west', plan: 'pro', created: '2026-03-02', archived: false },
  { name: 'api', region: 'us-east', plan: 'team', created: '2026-01-17', archived: false },
  { name: 'docs', region: 'us-east', plan: 'free', created: '2025-11-08', archived: true },
];

const DEPLOYS = [
  {
    id: 'dpl_7f3a2c',
    project: 'web',
    branch: 'main',
    env: 'production',
    status: 'live',
    created: '2026-12-04T09:12:00Z',
  },
  {
    id: 'dpl_61b9e0',
    project: 'web',
    branch: 'feature-x',
    env: 'preview',
    status: 'failed',
    created: '2026-12-03T16:40:00Z',
  },
  {
    id: 'dpl_5c02d4',
    project: 'web',
    branch: 'main',
    env: 'production',
    status: 'live',
    created: '2026-12-01T11:05:00Z',
  },
];

const LOG_LINES = [
  { time: '2026-12-05T08:00:01Z', level: 'info', service: 'web', message: 'GET /health 200 3ms' },
  { time: '2026-12-05T08:00:04Z', level: 'warn', service: 'web', message: 'slow query: 812ms on orders' },
  { time: '2026-12-05T08:00:09Z', level: 'error', service: 'worker', message: 'job 4411 failed: timeout after 30s' },
];

const mask = (name) => `${name.slice(0, 3).toLowerCase()}_••••••••`;

export const projects = {
  list: ({ limit, archived, sort }) =>
    PROJECTS.filter((p) => archived || !p.archived)
      .sort((a, b) => String(a[sort]).localeCompare(String(b[sort])))
      .slice(0, limit)
      .map(({ name, region, plan }) => ({ name, region, plan })),
  create: ({ name, region, plan, tag }) => ({
    name,
    region,
    plan,
    tags: tag ?? [],
    url: `https://${name}.cloud.example`,
  }),
  get: ({ name, usage, members }) => ({
    ...(PROJECTS.find((p) => p.name === name) ?? { name, region: 'us-east', plan: 'free', created: '2026-12-05' }),
    ...(usage ? { usage: { builds: 41, bandwidthGb: 12.6, functionHours: 3.2 } } : {}),
    ...(members ? { members: ['ana@example.com', 'luis@example.com'] } : {}),
  }),
  update: ({ name, plan, description, tag }) => ({
    name,
    ...(plan === undefined ? {} : { plan }),
    ...(description === undefined ? {} : { description }),
    ...(tag === undefined ? {} : { tags: tag }),
    changed: plan !== undefined || description !== undefined || tag !== undefined,
  }),
  delete: ({ name, backup }) => ({ name, deleted: true, backup: backup ? `bak_${name}_20261205` : null }),
};

export const deploys = {
  list: ({ project, status, limit }) =>
    DEPLOYS.filter((d) => d.project === project && (status === undefined || d.status === status))
      .slice(0, limit)
      .map(({ id, branch, env, status: state }) => ({ id, branch, env, status: state })),
  create: ({ project, branch, env, replicas, wait, tag }) => ({
    id: 'dpl_8d41f7',
    project,
    branch,
    env,
    replicas,
    tags: tag ?? [],
    status: wait ? 'live' : 'queued',
    url: `https://${env === 'production' ? project : `${project}-git-${branch}`}.cloud.example`,
  }),
  get: ({ id, logs, lines }) => ({
    ...(DEPLOYS.find((d) => d.id === id) ?? { id, project: 'web', branch: 'main', env: 'preview', status: 'queued' }),
    ...(logs ? { log: ['installing dependencies', 'building', 'uploading 214 files'].slice(0, lines) } : {}),
  }),
  rollback: ({ project, to, reason }) => ({
    project,
    from: 'dpl_7f3a2c',
    to: to ?? 'dpl_5c02d4',
    reason: reason ?? null,
    status: 'live',
  }),
  cancel: ({ id, reason, force }) => ({ id, cancelled: true, forced: Boolean(force), reason: reason ?? null }),
};

export const secrets = {
  list: ({ project, env }) =>
    ['DATABASE_URL', 'STRIPE_KEY', 'SESSION_SECRET'].map((name) => ({ name, project, env, updated: '2026-11-28' })),
  get: ({ name, project, env, reveal }) => ({
    name,
    project,
    env,
    value: reveal ? 'postgres://app@db.internal/app' : mask(name),
  }),
  set: ({ name, project, env }) => ({ name, project, env, changed: true }),
  delete: ({ name, project, env }) => ({ name, project, env, deleted: true }),
  rotate: ({ name, project, env, length }) => ({ name, project, env, length, version: 4, value: mask(name) }),
};

export const logs = {
  tail: ({ project, lines, level }) => ({
    project,
    level,
    lines: LOG_LINES.filter((line) => rank(line.level) >= rank(level)).slice(-lines),
  }),
  search: ({ query, project, since, level, limit }) => ({
    project,
    query,
    since,
    matches: LOG_LINES.filter(
      (line) => line.message.includes(query) && (level === undefined || line.level === level),
    ).slice(0, limit),
  }),
  export: ({ project, since, type, file }) => ({ project, since, type, file, lines: 18_204, bytes: 2_310_552 }),
  drain: ({ project, url, protocol, level }) => ({ id: 'drn_30c9aa', project, url, protocol, level, active: true }),
  purge: ({ project, before }) => ({ project, before, deletedLines: 1_240_377 }),
};

const rank = (level) => ['debug', 'info', 'warn', 'error'].indexOf(level);
