import { realpathSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Context, Program } from '../declaration/types.js';
import { manifestOf } from '../manifest/build.js';
import { toMcpTools } from '../projections/mcp/tools.js';
import { originalWrite, withCapturedOutput } from '../runtime/capture.js';
import { ConfigError, UsageError } from '../runtime/errors.js';
import { type McpServing, serveMcp } from '../runtime/mcp/serve.js';
import { createEntryLoader, type EntryLoader } from './load-entry.js';
import { describeLoadError, displayPath } from './load-error.js';
import { renderToolChanges } from './tool-changes.js';
import { watchFolder } from './watch.js';

/** What `burgee dev` receives: the `entry` argument. */
export type DevContext = Context<
  { readonly loadTimeout: { readonly type: 'number'; readonly default: number } },
  readonly [{ readonly name: 'entry' }]
>;

/** One serving session: what is served, where it came from, and what changed since it last loaded. */
type Session = {
  readonly loader: EntryLoader;
  readonly serving: McpServing;
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
 * it whenever a file in its folder changes; a reload that fails keeps the last good program (DESIGN M8).
 */
export default function dev(ctx: DevContext): Promise<void> {
  // The runtime routes a handler's stdout to the process's stdout; here that is the protocol stream,
  // so whatever the entry prints (a top-level console.log) goes to stderr instead.
  const toStderr = originalWrite(process.stderr);
  return withCapturedOutput({ stdout: toStderr, stderr: toStderr }, () =>
    serveEntry(ctx.args.entry, ctx.cwd, ctx.env, ctx.options.loadTimeout),
  );
}

async function serveEntry(arg: string, cwd: string, env: DevContext['env'], timeoutMs: number): Promise<void> {
  const entry = findEntry(arg, cwd);
  const root = dirname(entry);
  const label = displayPath(entry, cwd);
  const loader = createEntryLoader(entry, root, timeoutMs);
  let program: Program;
  try {
    program = await loader.load();
  } catch (error) {
    const reason = await describeLoadError(error, { root, cwd, suspects: [entry] });
    const hint = error instanceof ConfigError ? error.hint : undefined;
    throw new ConfigError(`cannot load ${label}: ${reason}`, {
      hint: hint ?? `fix it, then run burgee dev ${arg} again`,
    });
  }
  const serving = await serveMcp(program, { env, cwd, entry });
  const session: Session = { loader, serving, label, root, cwd, suspects: new Set<string>() };
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

/** The path of the entry module, or a usage error naming what was given. */
function findEntry(arg: string, cwd: string): string {
  const path = resolve(cwd, arg);
  const hint = 'give the module that exports your program, e.g. burgee dev ./cli.mjs';
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch {
    throw new UsageError(`no entry module at ${arg} (looked for ${path})`, { hint });
  }
  if (!isFile)
    throw new UsageError(`${arg} is a folder; burgee dev needs the module that exports the program`, { hint });
  // The real path, so the folder the reload hooks compare with is the one Node resolves imports to.
  return realpathSync(path);
}

/** Imports the entry again and serves the result; on failure says why and keeps what was served. */
async function reload(session: Session): Promise<void> {
  try {
    const next = await session.loader.load();
    const before = toMcpTools(manifestOf(session.serving.program));
    const changes = renderToolChanges(before, toMcpTools(manifestOf(next)));
    // The handlers may have changed even when the tools did not; the client hears only of new tools.
    await session.serving.setProgram(next, { notify: changes.length > 0 });
    session.suspects.clear();
    say([`burgee dev: reloaded ${session.label}${changes.length === 0 ? ' (tools unchanged)' : ''}`, ...changes]);
  } catch (error) {
    const scene = { root: session.root, cwd: session.cwd, suspects: [...session.suspects] };
    say([`burgee dev: reload failed: ${await describeLoadError(error, scene)}`]);
  }
}

function toolNames(program: Program): string {
  const tools = toMcpTools(manifestOf(program)).map((tool) => tool.name);
  if (tools.length === 0) return 'no tools';
  return `${tools.length} tool${tools.length === 1 ? '' : 's'}: ${tools.join(', ')}`;
}
