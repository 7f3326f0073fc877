import { dirname } from 'node:path';
import { manifestOf } from '../declaration/to-manifest.js';
import type { Context, Program } from '../declaration/types.js';
import { ConfigError } from '../errors/errors.js';
import type { Manifest } from '../manifest/types.js';
import { exampleReader } from '../mcp/next-calls.js';
import { type McpServing, report, serveMcp } from '../mcp/serve.js';
import { originalWrite, withScope } from '../process/capture.js';
import { toMcpTools as project } from '../projections/mcp/tools.js';
import type { McpTool } from '../projections/mcp/types.js';
import { execute } from '../run/execute.js';
import { findEntry } from './entry.js';
import { type LoadRequest, loadInWorker } from './isolated-load.js';
import { createEntryLoader, type EntryLoader, type LoadedEntry } from './load-entry.js';
import { describeLoadError, displayPath } from './load-error.js';
import { cannotLoad, refusedAs } from './refusals.js';
import { renderToolChanges } from './tool-changes.js';
import { watchFolder } from './watch.js';

/** What `burgee dev` receives: the `entry` argument. */
export type DevContext = Context<
  { readonly loadTimeout: { readonly type: 'number'; readonly default: number } },
  readonly [{ readonly name: 'entry' }]
>;

/**
 * One serving session: what is served (the current load, and the one before it to fall back to),
 * where it came from, and what changed since it last loaded.
 */
type Session = {
  readonly loader: GuardedLoader;
  readonly serving: McpServing;
  current: LoadedEntry;
  previous: LoadedEntry | undefined;
  readonly label: string;
  readonly root: string;
  readonly cwd: string;
  /** Files changed since the last good load: where a syntax error is looked for. */
  readonly suspects: Set<string>;
};

// stdout carries protocol frames only; every word of burgee dev's own goes to stderr.
const say = (lines: readonly string[]): void => {
  originalWrite(process.stderr)(`${lines.join('\n')}\n`);
};

/**
 * `burgee dev <entry>`: serves the entry's program over MCP on stdio until stdin closes, and reloads
 * it whenever a file in its folder changes; a reload that fails keeps the last good program (M8).
 */
export default function dev(ctx: DevContext): Promise<void> {
  // The runtime routes a handler's stdout to the process's stdout; here that is the protocol stream,
  // so whatever the entry prints (a top-level console.log) goes to stderr instead.
  const toStderr = originalWrite(process.stderr);
  // A stray error that neither a call nor a load answers for is reported, never the end of the session.
  const fault = (error: unknown) => {
    report(error);
    return true;
  };
  return withScope({ sinks: { stdout: toStderr, stderr: toStderr }, fault }, () =>
    serveEntry(ctx.args.entry, ctx.cwd, ctx.env, ctx.options.loadTimeout),
  );
}

async function serveEntry(arg: string, cwd: string, env: DevContext['env'], timeoutMs: number): Promise<void> {
  const entry = findEntry(arg, cwd, 'dev');
  const root = dirname(entry);
  const label = displayPath(entry, cwd);
  const loader = guardedLoader(createEntryLoader(entry, root, timeoutMs), { entry, root, cwd, timeoutMs });
  let loaded: LoadedEntry;
  try {
    loaded = await loader.load([entry]);
  } catch (error) {
    const reason = await describeLoadError(error, { root, cwd, suspects: [entry] });
    const hint = error instanceof ConfigError ? error.hint : undefined;
    throw refusedAs(ConfigError, cannotLoad(label, reason, hint, `burgee dev ${arg}`));
  }
  const program = loaded.program;
  const serving = await serveMcp(program, { env, cwd, entry }, execute);
  const session: Session = {
    loader,
    serving,
    current: loaded,
    previous: undefined,
    label,
    root,
    cwd,
    suspects: new Set<string>(),
  };
  loaded.onLateFault = (error) => void fallBack(session, loaded, error);
  let queue = Promise.resolve();
  const watcher = watchFolder(root, (files) => {
    for (const file of files) session.suspects.add(file);
    // One reload at a time, in order: a save during a slow import reloads again once it is done.
    queue = queue.then(() => reload(session));
  });
  const names = toolNames(program);
  say([`burgee dev: serving ${label} on stdio (${names}); watching ${displayPath(root, cwd)} for changes`]);
  await serving.closed;
  watcher.close();
}

/** An entry loader that takes the files a syntax error may be in. */
type GuardedLoader = { load(suspects: readonly string[]): Promise<LoadedEntry> };

/**
 * `loader`, each of whose loads is tried first in a worker thread (isolated-load.ts): an entry
 * that loops at import without yielding would otherwise stop this server, its watcher and every
 * later reload for good; in the worker it is stopped when its time is up, and reported as a
 * failed load. It costs each load a second import, in a thread of its own.
 */
function guardedLoader(loader: EntryLoader, where: Omit<LoadRequest, 'want' | 'suspects'>): GuardedLoader {
  return {
    async load(suspects) {
      const reply = await loadInWorker({ ...where, want: 'probe', suspects });
      if (!reply.ok) throw new ConfigError(reply.reason, reply.hint === undefined ? {} : { hint: reply.hint });
      return loader.load();
    },
  };
}

/** Imports the entry again and serves the result; on failure says why and keeps what was served. */
async function reload(session: Session): Promise<void> {
  try {
    const next = await session.loader.load([...session.suspects]);
    const changes = await serve(session, next.program);
    session.suspects.clear();
    session.current.onLateFault = undefined;
    session.previous = session.current;
    session.current = next;
    next.onLateFault = (error) => void fallBack(session, next, error);
    say([`burgee dev: reloaded ${session.label}${changes.length === 0 ? ' (tools unchanged)' : ''}`, ...changes]);
  } catch (error) {
    const scene = { root: session.root, cwd: session.cwd, suspects: [...session.suspects] };
    say([`burgee dev: reload failed: ${await describeLoadError(error, scene)}`]);
  }
}

/** Serves `program` from now on; the client hears of it when its tools changed. Returns the changes. */
async function serve(session: Session, program: Program): Promise<string[]> {
  const before = toMcpTools(manifestOf(session.serving.program));
  const changes = renderToolChanges(before, toMcpTools(manifestOf(program)));
  // The handlers may have changed even when the tools did not; the client hears only of new tools.
  await session.serving.setProgram(program, { notify: changes.length > 0 });
  return changes;
}

/**
 * A module that failed after its load was accepted (a timer it set at the top level threw): that
 * load failed after all, and the program served before it, if any, serves again (M8).
 */
async function fallBack(session: Session, failed: LoadedEntry, error: unknown): Promise<void> {
  failed.onLateFault = undefined;
  const scene = { root: session.root, cwd: session.cwd, suspects: [] };
  const why = `burgee dev: ${session.label} failed after it loaded: ${await describeLoadError(error, scene)}`;
  const previous = session.previous;
  if (session.current !== failed || previous === undefined) {
    say([`${why}${session.current === failed ? '; no earlier program to go back to' : ''}`]);
    return;
  }
  session.current = previous;
  session.previous = undefined;
  previous.onLateFault = (late) => void fallBack(session, previous, late);
  say([`${why}; serving the last good program again`, ...(await serve(session, previous.program))]);
}

/** Every tool of the program as a client sees it, examples read as arguments (M2). */
function toMcpTools(manifest: Manifest): McpTool[] {
  return project(manifest, exampleReader(manifest));
}

function toolNames(program: Program): string {
  const tools = toMcpTools(manifestOf(program)).map((tool) => tool.name);
  if (tools.length === 0) return 'no tools';
  return `${tools.length} tool${tools.length === 1 ? '' : 's'}: ${tools.join(', ')}`;
}
