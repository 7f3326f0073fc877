import { contextInteractive, detectAgent } from 'roundel';
import type { Ask } from '../declaration/ask.js';
import type { ActionRequest, Command, Progress } from '../declaration/types.js';
import { ActionRequiredSignal, ExitSignal } from '../errors/errors.js';
import type { Manifest, ManifestCommand } from '../manifest/types.js';
import { runGuarded } from '../process/exit-guard.js';
import type { Io } from '../process/io.js';
import { ownStdoutForEnvelope } from '../process/stdout-guard.js';
import { createAsk, runBinding } from './ask.js';
import { checkActionRequest, checkExitCode } from './author-checks.js';
import type { Resolved } from './resolve.js';

/** The handler of a checked command, and the context it receives, whatever options it declared. */
type CommandHandler = NonNullable<Command['run']>;
type CommandContext = Parameters<CommandHandler>[0];

/** What the runtime needs to give one handler its context. */
export type HandlerCall = {
  manifest: Manifest;
  command: ManifestCommand;
  declaration: Command;
  resolved: Resolved;
  passthrough: readonly string[];
  json: boolean;
  io: Io;
  /** Asked for only when the handler reads `ctx.signal`: most never do, and a signal is costly to make. */
  signal: () => AbortSignal;
  onExit: (cleanup: () => void) => void;
  /** Where `ctx.progress` goes when the surface draws it itself (a progress line on a terminal). */
  progress?: ((progress: Progress) => void) | undefined;
};

/** Finds the declaration behind a manifest path. */
export function findDeclaration(root: Command, path: readonly string[]): Command | undefined {
  let node: Command | undefined = root;
  for (const word of path) node = node?.commands?.find((c) => c.name === word);
  return node;
}

/** Imports a lazy command's module only now that it runs (D7). */
export async function loadHandler(declaration: Command): Promise<CommandHandler> {
  if (declaration.run !== undefined) return declaration.run;
  const loaded = await declaration.load!();
  if (typeof loaded === 'function') return loaded;
  const candidate = (loaded as { default?: unknown; run?: unknown }).default ?? (loaded as { run?: unknown }).run;
  if (typeof candidate === 'function') return candidate as CommandHandler;
  throw new TypeError(`the module loaded for "${declaration.name}" exports no handler; export it as default or as run`);
}

/**
 * Starts the handler. A `--json` run of the real process hands stdout to the envelope first, as an
 * MCP server does with its frames: descriptor-1 writes and inherited child stdout go to stderr, and
 * `process.exit` becomes the run's failure instead of ending it without an envelope (E3, N2, E7).
 */
export function startHandler(declaration: Command, ctx: CommandContext, ownsStdout: boolean): unknown {
  if (!ownsStdout)
    return declaration.run === undefined ? loadHandler(declaration).then((run) => run(ctx)) : declaration.run(ctx);
  return runGuarded(async () => {
    await ownStdoutForEnvelope();
    if (declaration.run !== undefined) return declaration.run(ctx);
    const run = await loadHandler(declaration);
    // The module may have brought child_process with it.
    await ownStdoutForEnvelope();
    return run(ctx);
  });
}

/** Builds the handler's context: options, arguments, agent, interactivity, and the ways to stop. */
export function createContext(call: HandlerCall): CommandContext {
  return new HandlerContext(call);
}

/**
 * `ctx.progress`, made outside the class's constructor: on Node 24 an arrow function written in the
 * constructor kept each call's objects alive through young collections (bench/RESULTS.md).
 */
const progressOf =
  (call: HandlerCall) =>
  (progress: Progress): void =>
    (call.progress ?? call.io.onProgress)?.(progress);

/**
 * A class, so that `signal` and `ask`, made only when read (most handlers never look, and a signal
 * is costly to make), are getters on its prototype. An object literal with getters is built in
 * V8's slow dictionary mode on every call, and kept each MCP call's objects alive through young
 * collections (bench/RESULTS.md gives what an execute loop promoted either way).
 * Everything else is an own property, so destructuring works for all of it, methods included.
 */
class HandlerContext implements CommandContext {
  readonly options: CommandContext['options'];
  readonly args: CommandContext['args'];
  readonly passthrough: readonly string[];
  readonly agent: string | undefined;
  readonly interactive: boolean;
  readonly json: boolean;
  readonly command: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly actionRequired = actionRequired;
  readonly exit = exit;
  readonly progress: (progress: Progress) => void;
  readonly onExit: (cleanup: () => void) => void;
  readonly #call: HandlerCall;
  #ask: Ask | undefined;

  constructor(call: HandlerCall) {
    const { io, manifest, command } = call;
    this.options = call.resolved.options as CommandContext['options'];
    this.args = call.resolved.args as CommandContext['args'];
    this.passthrough = call.passthrough;
    this.agent = detectAgent(io.env);
    this.interactive = contextInteractive({ env: io.env, stdoutIsTTY: io.stdout.isTTY });
    this.json = call.json;
    this.command = [manifest.name, ...command.path];
    this.env = io.env;
    this.cwd = io.cwd;
    this.progress = progressOf(call);
    this.onExit = call.onExit;
    this.#call = call;
  }

  get signal(): AbortSignal {
    return this.#call.signal();
  }

  get ask(): Ask {
    const call = this.#call;
    this.#ask ??= createAsk(() => runBinding(call.io, call.json, call.resolved.options));
    return this.#ask;
  }
}

// Shared by every context: they hold no state, and a server makes one context per call.
function actionRequired(request: ActionRequest): never {
  throw new ActionRequiredSignal(checkActionRequest(request));
}

function exit(code: number): never {
  throw new ExitSignal(checkExitCode(code));
}
