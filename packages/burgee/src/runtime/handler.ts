import { contextInteractive, detectAgent } from 'roundel';
import type { ActionRequest, Command, Progress } from '../declaration/types.js';
import type { Manifest, ManifestCommand } from '../manifest/types.js';
import { checkActionRequest, checkExitCode } from './author-checks.js';
import { ActionRequiredSignal, ExitSignal } from './errors.js';
import type { Io } from './io.js';
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
};

/** Finds the declaration behind a manifest path. */
export function findDeclaration(root: Command, path: readonly string[]): Command | undefined {
  let node: Command | undefined = root;
  for (const word of path) node = node?.commands?.find((c) => c.name === word);
  return node;
}

/** Imports a lazy command's module only now that it runs (DESIGN D7). */
export async function loadHandler(declaration: Command): Promise<CommandHandler> {
  if (declaration.run !== undefined) return declaration.run;
  const loaded = await declaration.load!();
  if (typeof loaded === 'function') return loaded;
  const candidate = (loaded as { default?: unknown; run?: unknown }).default ?? (loaded as { run?: unknown }).run;
  if (typeof candidate === 'function') return candidate as CommandHandler;
  throw new TypeError(`the module loaded for "${declaration.name}" exports no handler; export it as default or as run`);
}

/** Builds the handler's context: options, arguments, agent, interactivity, and the ways to stop. */
export function createContext(call: HandlerCall): CommandContext {
  const { io, manifest, command } = call;
  const { signal } = call;
  return {
    options: call.resolved.options,
    args: call.resolved.args,
    passthrough: call.passthrough,
    agent: detectAgent(io.env),
    interactive: contextInteractive({ env: io.env, stdoutIsTTY: io.stdout.isTTY }),
    json: call.json,
    command: [manifest.name, ...command.path],
    env: io.env,
    cwd: io.cwd,
    // Made on first read: most handlers never look, and a signal is costly to make.
    get signal() {
      return signal();
    },
    actionRequired,
    exit,
    progress(progress: Progress): void {
      io.onProgress?.(progress);
    },
    onExit: call.onExit,
  };
}

// Shared by every context: they hold no state, and a server makes one context per call.
function actionRequired(request: ActionRequest): never {
  throw new ActionRequiredSignal(checkActionRequest(request));
}

function exit(code: number): never {
  throw new ExitSignal(checkExitCode(code));
}
