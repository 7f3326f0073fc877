import { Command as CommanderCommand } from 'commander';
import type { Program } from '../../declaration/types.js';
import { findCommand } from '../../manifest/build.js';
import type { Manifest } from '../../manifest/types.js';
import { type Host, hostProgram } from '../../runtime/host/host.js';
import { type HostOutcome, reportOutcome, reportThrown } from '../../runtime/host/outcome.js';
import { hostOwns } from '../../runtime/host/owns.js';
import { hostWork, oneAtATime, startHostRun } from '../../runtime/host/run.js';
import type { Io } from '../../runtime/io.js';
import type { RunResult } from '../../runtime/report.js';
import { toCommanderManifest } from './manifest.js';
import { commanderProvenance, isCommanderFailure, type Printed, toCommanderOutcome } from './outcome.js';

/** What one run swaps on every command of the tree, and puts back afterwards. */
type Patched = {
  _exitCallback: ((error: Error) => void) | null;
  _outputConfiguration: Record<string, unknown>;
  _actionHandler: ((args: unknown[]) => unknown) | null;
};

/** The command whose action ran, and what it returned. */
type Ran = { command: CommanderCommand; value: unknown } | undefined;

/** A commander program as burgee drives it: read once into a manifest, parsed by commander on every run. */
export class CommanderHost implements Host {
  readonly manifest: Manifest;

  constructor(
    private readonly program: CommanderCommand,
    private readonly scriptPath: string | undefined,
  ) {
    this.manifest = toCommanderManifest(program, scriptPath);
  }

  owns(argv: readonly string[]): boolean {
    return hostOwns(this.manifest, argv);
  }

  /**
   * One run at a time: commander keeps a run's option values on the command objects themselves, and
   * reads them again after the action (postAction hooks), so a run holds them until it ends.
   */
  readonly execute = oneAtATime((io) => this.run(io));

  private async run(io: Io): Promise<RunResult> {
    const { json, argv, report } = startHostRun(this.manifest, io);
    const printed: Printed = { out: '', err: '' };
    let ran: Ran;
    const restore = patchTree(this.program, {
      json,
      io,
      printed,
      onAction: (command, value) => {
        ran = { command, value };
      },
    });
    let outcome: HostOutcome;
    try {
      // Under --json what the action prints goes to stderr, as a native handler's does (E3).
      const toStderr = (text: string) => io.stderr.write(text);
      const sinks = { stdout: json ? toStderr : (text: string) => io.stdout.write(text), stderr: toStderr };
      const data = await hostWork(io, json, sinks, async () => {
        await this.parse(argv);
        return ran === undefined ? null : await ran.value;
      });
      const done = ran as Ran;
      outcome =
        done === undefined
          ? { kind: 'data', data, provenance: {} }
          : {
              kind: 'data',
              data,
              provenance: commanderProvenance(done.command),
              command: findCommand(this.manifest.root, pathOf(done.command)),
            };
    } catch (error) {
      if (!isCommanderFailure(error)) return reportThrown(error, report);
      if (!json) return printedItself(error.exitCode);
      outcome = toCommanderOutcome(error, printed, { manifest: this.manifest, argv: io.argv });
    } finally {
      restore();
    }
    return json ? reportOutcome(outcome, report) : printedItself(0);
  }

  private parse(argv: readonly string[]): Promise<unknown> {
    // Through commander's own method, never an override, and with the script path it would have seen.
    const line = [process.execPath, this.scriptPath ?? this.manifest.name, ...argv];
    return CommanderCommand.prototype.parseAsync.call(this.program, line, { from: 'node' });
  }
}

/** The burgee program of a commander program: its manifest, with commander parsing every run. */
export const commanderProgram = (program: CommanderCommand, scriptPath: string | undefined): Program =>
  hostProgram(new CommanderHost(program, scriptPath));

type Hooks = {
  json: boolean;
  io: Io;
  printed: Printed;
  onAction: (command: CommanderCommand, value: unknown) => void;
};

/**
 * Points every command's exit, output and action at this run, and returns the undo. Commander
 * shares one output object between a parent and the children made after it, so each command gets
 * a fresh object rather than an edit of the shared one.
 */
function patchTree(root: CommanderCommand, hooks: Hooks): () => void {
  const undo: (() => void)[] = [];
  const visit = (command: CommanderCommand): void => {
    const own = command as unknown as Patched;
    const saved: Patched = {
      _exitCallback: own._exitCallback,
      _outputConfiguration: own._outputConfiguration,
      _actionHandler: own._actionHandler,
    };
    own._exitCallback = (error) => {
      throw error;
    };
    own._outputConfiguration = { ...saved._outputConfiguration, ...output(hooks) };
    const action = saved._actionHandler;
    if (action !== null) {
      own._actionHandler = (args) => {
        const value = action.call(command, args);
        hooks.onAction(command, value);
        return value;
      };
    }
    undo.push(() => {
      own._exitCallback = saved._exitCallback;
      own._outputConfiguration = saved._outputConfiguration;
      own._actionHandler = saved._actionHandler;
    });
    for (const child of command.commands) visit(child as CommanderCommand);
  };
  visit(root);
  return () => {
    for (const step of undo) step();
  };
}

/** Where commander's own printing goes: kept for the envelope under --json, else to the run's streams. */
function output({ json, io, printed }: Hooks): Record<string, unknown> {
  if (!json) {
    return { writeOut: (text: string) => io.stdout.write(text), writeErr: (text: string) => io.stderr.write(text) };
  }
  return {
    writeOut: (text: string) => {
      printed.out += text;
    },
    writeErr: (text: string) => {
      printed.err += text;
    },
    outputError: () => {},
    getOutHasColors: () => false,
    getErrHasColors: () => false,
  };
}

/** A command's words below the program, as the manifest names them. */
function pathOf(command: CommanderCommand): string[] {
  const path: string[] = [];
  for (let at: CommanderCommand | null = command; at?.parent; at = at.parent) path.unshift(at.name());
  return path;
}

/** A plain run: commander printed everything itself, through the run's streams. */
const printedItself = (exitCode: number): RunResult => ({ exitCode, text: '', stream: 'stdout' });
