import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { example, repoRoot, runCli } from './support/cli.js';

const program = join(repoRoot, 'packages/burgee/test/fixtures/tasks.mjs');
const state = mkdtempSync(join(tmpdir(), 'burgee-tasks-'));
const env = { XDG_STATE_HOME: state };
const folder = join(state, 'tasky', 'tasks');
afterAll(() => rmSync(state, { recursive: true, force: true }));

const tasky = (...args: string[]) => runCli(program, args, { env });
// biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field, as an agent reads them
const json = (text: string) => JSON.parse(text) as Record<string, any>;

/** Starts `count` in the background and gives back the envelope --detach printed, and how long it took. */
async function detached(...args: string[]) {
  const started = Date.now();
  const result = await tasky('count', ...args, '--detach', '--json');
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return { envelope: json(result.stdout), ms: Date.now() - started };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const statusOf = async (id: string) => json((await tasky('tasks', 'status', id, '--json')).stdout).data.task;

describe('B3 · --detach and tasks list|status|result|cancel, on the command line', () => {
  it('B3 · --detach prints one envelope naming the task and the commands to follow it, at once', async () => {
    const { envelope, ms } = await detached('--to', '50', '--every', '200');
    const id = envelope.data.task.id as string;
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(envelope.data.task).toMatchObject({ command: 'count', status: 'working', pollIntervalMs: 1000 });
    expect(envelope.next).toEqual([
      { command: `tasky tasks status ${id} --json`, when: 'to see how it is going' },
      { command: `tasky tasks result ${id} --json`, when: 'to wait for its result' },
      { command: `tasky tasks cancel ${id} --json`, when: 'to stop it' },
    ]);
    // The command runs for ten seconds; the parent returned long before.
    expect(ms).toBeLessThan(5_000);
    expect((await statusOf(id)).status).toBe('working');
    await tasky('tasks', 'cancel', id);
  });

  it('B3 · status moves through working with progress to completed; result is the plain run’s envelope, byte for byte', async () => {
    const { envelope } = await detached('--to', '6', '--every', '250');
    const id = envelope.data.task.id as string;
    const moving = await until(
      () => statusOf(id),
      (task) => task.progress?.done >= 1,
    );
    expect(moving.status).toBe('working');
    expect(moving.statusMessage).toMatch(/^\d\/6 · counting \d$/);
    const done = await until(
      () => statusOf(id),
      (task) => task.status !== 'working',
    );
    expect(done.status).toBe('completed');
    const result = await tasky('tasks', 'result', id, '--json');
    const plain = await tasky('count', '--to', '6', '--every', '250', '--json');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(plain.stdout);
    expect(json(result.stdout).data).toEqual({ counted: 6 });
  });

  it('B3 · as a person: status and result read as the command’s own output', async () => {
    const started = await tasky('count', '--to', '2', '--every', '50', '--detach');
    expect(started.code).toBe(0);
    const id = /^task (\S+)$/m.exec(started.stdout)![1]!;
    expect(started.stdout).toContain(`tasky tasks status ${id}  to see how it is going`);
    const result = await tasky('tasks', 'result', id);
    expect(result).toMatchObject({ code: 0, stdout: 'counted: 2\n', stderr: '' });
    const status = await tasky('tasks', 'status', id);
    expect(status.stdout).toMatch(new RegExp(`^task ${id}\\n  tasky count: completed\\n`));
    const list = await tasky('tasks', 'list');
    expect(list.stdout).toMatch(new RegExp(`^${id}  completed  \\S+  tasky count$`, 'm'));
  });

  it('B3 · tasks result waits for a running task, and keeps a failure’s envelope and exit code', async () => {
    const { envelope } = await detached('--to', '3', '--every', '100', '--fail');
    const id = envelope.data.task.id as string;
    const result = await tasky('tasks', 'result', id, '--json');
    const plain = await tasky('count', '--to', '3', '--every', '100', '--fail', '--json');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(plain.stdout);
    expect((await statusOf(id)).status).toBe('failed');
    const person = await tasky('tasks', 'result', id);
    expect(person.code).toBe(1);
    expect(person.stderr).toContain('could not count past 3');
  });

  it('B2 · B3 · cancel ends the task cancelled at once, and the handler sees ctx.signal abort', async () => {
    const mark = join(state, 'mark');
    const { envelope } = await detached('--to', '100', '--every', '100', '--mark', mark);
    const id = envelope.data.task.id as string;
    await until(
      () => statusOf(id),
      (task) => task.progress !== undefined,
    );
    const cancelled = await tasky('tasks', 'cancel', id, '--json');
    expect(cancelled.code).toBe(0);
    expect(json(cancelled.stdout).data.task.status).toBe('cancelled');
    const seen = await until(
      async () => {
        try {
          return readFileSync(mark, 'utf8');
        } catch {
          return '';
        }
      },
      (text) => text !== '',
    );
    expect(seen).toBe('aborted: true');
    const result = await tasky('tasks', 'result', id, '--json');
    expect(result.code).toBe(4);
    expect(json(result.stdout)).toEqual({ ok: false, error: { code: 4, message: 'the task was cancelled' } });
    const again = await tasky('tasks', 'cancel', id, '--json');
    expect(again.code).toBe(2);
    expect(json(again.stdout).error.fix).toBe(`tasky tasks result ${id}`);
  });

  it('B4 · a killed worker leaves the task failed with a message, never working forever', async () => {
    const { envelope } = await detached('--to', '100', '--every', '100');
    const id = envelope.data.task.id as string;
    const task = await until(
      async () =>
        readdirSync(folder)
          .filter((name) => name.endsWith('.json'))
          .map((name) => json(readFileSync(join(folder, name), 'utf8')))
          .find((r) => r.id === id),
      (record) => record?.worker?.started !== undefined,
    );
    process.kill(task!.worker.pid, 'SIGKILL');
    const after = await until(
      () => statusOf(id),
      (current) => current.status !== 'working',
    );
    expect(after.status).toBe('failed');
    expect(after.statusMessage).toBe(`the task's worker (pid ${task!.worker.pid}) ended without a result`);
    const result = await tasky('tasks', 'result', id, '--json');
    expect(result.code).toBe(1);
    expect(json(result.stdout).error.message).toBe(after.statusMessage);
  });

  it('B4 · records are the user’s alone: the folder 0700, each record 0600 and named by a digest, never the id', async () => {
    const { envelope } = await detached('--to', '1', '--every', '10');
    const id = envelope.data.task.id as string;
    await tasky('tasks', 'result', id);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    // Other tests' workers may be writing: a record's lock, or its next version before the rename,
    // can be listed and gone a moment later; each is named by the record's digest too.
    const names = readdirSync(folder);
    for (const name of names) {
      expect(name).toMatch(/^[0-9a-f]{40}\.json(\.lock|\.[0-9a-f]{12}\.tmp)?$/);
      const mode = statSync(join(folder, name), { throwIfNoEntry: false })?.mode;
      if (mode !== undefined || name.endsWith('.json')) expect(mode! & 0o777).toBe(0o600);
    }
    expect(names.join('\n')).not.toContain(id);
  });

  it('B4 · a folder others can read is refused, and nothing is written there', async () => {
    const open = mkdtempSync(join(tmpdir(), 'burgee-open-'));
    try {
      execFileSync('mkdir', ['-p', '-m', '0755', join(open, 'tasky', 'tasks')]);
      const result = await runCli(program, ['count', '--detach', '--json'], { env: { XDG_STATE_HOME: open } });
      expect(result.code).toBe(3);
      expect(json(result.stdout).error.message).toContain('can be reached by other users');
      expect(readdirSync(join(open, 'tasky', 'tasks'))).toEqual([]);
    } finally {
      rmSync(open, { recursive: true, force: true });
    }
  });

  it('B4 · an id another program, a made-up one or a path names no task', async () => {
    const { envelope } = await detached('--to', '1', '--every', '10');
    const id = envelope.data.task.id as string;
    for (const word of ['x'.repeat(43), '../../../etc/passwd', id.slice(1)]) {
      const result = await tasky('tasks', 'status', word, '--json');
      expect(result.code).toBe(2);
      expect(json(result.stdout).error).toMatchObject({ fix: 'tasky tasks list' });
    }
    // Another program keeps its own tasks: the same id is unknown there.
    const elsewhere = await runCli(program, ['tasks', 'status', id, '--json'], {
      env: { ...env, TASKY_NAME: 'other' },
    });
    expect(elsewhere.code).toBe(2);
    expect(json(elsewhere.stdout).error.message).toContain('no task');
  });

  it('B3 · --detach on a command that is no task is a usage error; tasks is offered only where a command is one', async () => {
    const now = await tasky('now', '--detach', '--json');
    expect(now.code).toBe(2);
    expect(json(now.stdout).error.message).toBe(
      'tasky now does not run as a task; --detach is for commands that may run long',
    );
    const unknown = await tasky('tasks', 'stat', '--json');
    expect(unknown.code).toBe(2);
    expect(json(unknown.stdout).error.fix).toBe('tasky tasks status --json');
    const deploy = await runCli(example('deploy'), ['tasks', 'list', '--json'], { env });
    expect(deploy.code).toBe(2);
    expect((await runCli(example('deploy'), ['--help'], { env })).stdout).not.toContain('tasks');
  });

  it('B3 · every surface knows the task commands: help, completions, the skill, --llms, --schema', async () => {
    const help = (await tasky('--help')).stdout;
    expect(help).toMatch(/^ {2}tasks +follow the commands started with --detach$/m);
    expect((await tasky('count', '--help')).stdout).toMatch(
      /^ +--detach +run it in the background as a task; prints its id$/m,
    );
    expect((await tasky('now', '--help')).stdout).not.toContain('--detach');
    expect((await tasky('__complete', 'tasks', '')).stdout.split('\n')).toEqual([
      'list',
      'status',
      'result',
      'cancel',
      '',
    ]);
    expect((await tasky('__complete', 'count', '--d')).stdout).toBe('--detach\n');
    for (const shell of ['bash', 'zsh', 'fish']) {
      expect((await tasky('completion', shell)).stdout).toContain('tasks');
    }
    const skill = (await tasky('skills', 'print')).stdout;
    expect(skill).toContain('## `tasky count` (read_only, task)');
    expect(skill).toContain('`tasky tasks status <id>` shows progress');
    const llms = (await tasky('--llms')).stdout;
    expect(llms).toContain('- `tasky count` (read_only, task): Count slowly to a number');
    expect(llms).toContain('`tasky tasks status|result|cancel <id>`');
    const schema = json((await tasky('count', '--schema')).stdout);
    expect(schema.task).toBe('optional');
    // The task commands are burgee's own, so not among the program's commands (K3); the document
    // still says how to start and follow a task.
    const program = json((await tasky('--schema')).stdout);
    expect(program.tasks).toEqual({
      detach: '--detach',
      commands: ['tasks list', 'tasks status <id>', 'tasks result <id>', 'tasks cancel <id>'],
    });
    expect(program.commands.map((command: { name: string }) => command.name)).not.toContain('tasks');
    expect(json((await runCli(example('deploy'), ['--schema'])).stdout).tasks).toBeUndefined();
  });

  // Run as root (as CI is), the same program is started as nobody: another user on the machine. Only
  // where nobody may run this Node (one unpacked in a private folder, as CI's other Nodes are, it may not).
  const nobodyRuns =
    process.getuid?.() === 0 && spawnSync(process.execPath, ['-e', ''], { uid: 65534, gid: 65534 }).status === 0;
  it.skipIf(!nobodyRuns)('B4 · another user can neither read a task nor learn of one', async () => {
    // Folders of this test's own: root's store (0700, made by root's run) and nobody's.
    const theirs = mkdtempSync(join(tmpdir(), 'burgee-root-state-'));
    const own = mkdtempSync(join(tmpdir(), 'burgee-nobody-'));
    chownSync(own, 65534, 65534);
    const started = await runCli(program, ['count', '--to', '1', '--every', '10', '--detach', '--json'], {
      env: { XDG_STATE_HOME: theirs },
    });
    const id = json(started.stdout).data.task.id as string;
    const asNobody = (xdg: string) => {
      const run = spawnSync(process.execPath, [program, 'tasks', 'status', id, '--json'], {
        uid: 65534,
        gid: 65534,
        cwd: own,
        env: { PATH: process.env.PATH ?? '', HOME: own, LANG: 'C.UTF-8', XDG_STATE_HOME: xdg },
        encoding: 'utf8',
      });
      return { status: run.status, error: run.stdout ? json(run.stdout).error : (run.stderr ?? String(run.error)) };
    };
    try {
      expect(statSync(theirs).mode & 0o777).toBe(0o700);
      expect(asNobody(theirs)).toEqual({
        status: 3,
        error: {
          code: 3,
          message: `tasks cannot be kept in ${join(theirs, 'tasky', 'tasks')} (EACCES); no task was read or written`,
          hint: 'tasks are kept in a folder of your own: set XDG_STATE_HOME to one, or make this one yours',
        },
      });
      expect(asNobody(own)).toMatchObject({ status: 2, error: { message: expect.stringContaining('no task') } });
    } finally {
      rmSync(theirs, { recursive: true, force: true });
      rmSync(own, { recursive: true, force: true });
    }
  });
});
