import { Command as CommanderCommand } from 'commander';
import type { Program } from '../../declaration/types.js';
import { type Host, type HostRunOptions, hostProgram } from '../../host/host.js';
import { type HostOutcome, reportNotData, reportOutcome, reportThrown } from '../../host/outcome.js';
import { hostParsesItself } from '../../host/parses-itself.js';
import { runAsProcess } from '../../host/process-run.js';
import { hostWork, oneAtATime, startHostRun, type Turn } from '../../host/run.js';
import type { HostReading } from '../../host/surfaces.js';
import { findCommand } from '../../manifest/commands.js';
import type { Manifest } from '../../manifest/types.js';
import type { Reporter, RunResult } from '../../pipeline/report.js';
import type { OutputSinks } from '../../process/capture.js';
import type { Io } from '../../process/io.js';
import type { ProvenanceEntry } from '../../projections/envelope/index.js';
import { explainedOption, reportExplanation } from '../../surfaces/explain.js';
import { explainCommander } from './explain.js';
import { toCommanderManifest } from './manifest.js';
import { commanderProvenance, isCommanderFailure, type Printed, toCommanderOutcome } from './outcome.js';
import { enterTree } from './patch.js';
import { takesWords } from './takes-words.js';
import { commanderValues, declaresOnLine } from './values.js';

/** The command whose action ran, what it returned, and where its options' values came from then. */
type Ran = { command: CommanderCommand; value: unknown; provenance: Record<string, ProvenanceEntry> } | undefined;

/** A commander program as burgee drives it: read once into a manifest, parsed by commander on every run. */
export class CommanderHost implements Host {
  readonly manifest: Manifest;

  constructor(
    private readonly program: CommanderCommand,
    private readonly scriptPath: string | undefined,
  ) {
    this.manifest = toCommanderManifest(program, scriptPath);
    if (takesWords(program)) this.manifest.root.takesWords = true;
  }

  /**
   * A tool call's positionals follow a `--`: no option before takes one (an optional value would take
   * the next plain word), and one may start with `-`. commander tells an absent boolean from a false
   * one. The call asks for its envelope itself: no `--json` in the line (M3).
   */
  readonly argvStyle = { positionals: 'separated', explicitFalse: true, jsonFlag: false } as const;

  /** How commander reads a command line: the words it takes as values, the flags the command reached declares (values.ts). */
  private readonly reading: HostReading = {
    valuesOf: (args) => commanderValues(this.program, args),
    declares: (args, flag) => declaresOnLine(this.program, args, flag),
  };

  parsesItself(argv: readonly string[]): boolean {
    return hostParsesItself(this.manifest, argv, this.reading);
  }

  /**
   * One parse at a time: commander keeps a run's option values on the command objects themselves.
   * A run gives up its turn once its action is called, unless commander reads the command again
   * after it (a postAction hook) or `--explain` reads it: an action that hangs holds up no other
   * call (M6). Its provenance is read as the action starts, before another run can parse.
   */
  readonly execute = oneAtATime((io, turn, options) => this.run(io, turn, options));

  private async run(io: Io, turn: Turn, options: HostRunOptions): Promise<RunResult> {
    const { json, explain, argv, report } = startHostRun(this.manifest, io, this.reading, options);
    // The root's work follows the parse, outside any action: the run is the program's own process.
    if (this.manifest.root.process === true && explain === undefined) {
      turn.release();
      return runAsProcess(io, report, { name: this.manifest.name, script: this.scriptPath }, argv);
    }
    const printed: Printed = { out: '', err: '' };
    let ran: Ran;
    const onAction = (command: CommanderCommand, value: unknown) => {
      ran = { command, value, provenance: commanderProvenance(command) };
      if (explain === undefined && !readsAfterAction(command)) turn.release();
    };
    // Under --explain too, commander's refusals and help are burgee's to report.
    const listening = json || explain !== undefined;
    const tree = enterTree(this.program, { json: listening, explain: explain !== undefined, io, printed, onAction });
    let data: unknown;
    let explained: RunResult | undefined;
    try {
      data = await hostWork(
        io,
        json,
        sinks(io, json),
        () =>
          tree.run(async () => {
            await this.parse(argv);
            // Read in the run's scope, as the run left the command (run-state.ts).
            if (explain !== undefined)
              explained = this.explain((ran as Ran)?.command ?? this.program, explain, io, report);
            return ran === undefined ? null : await ran.value;
          }),
        this.manifest.name,
      );
    } catch (error) {
      if (!isCommanderFailure(error)) return reportThrown(error, report);
      if (!listening) return printedItself(error.exitCode);
      return reportNotData(toCommanderOutcome(error, printed, { manifest: this.manifest, argv: io.argv }), report);
    } finally {
      tree.leave();
    }
    if (explained !== undefined) return explained;
    return json ? reportOutcome(this.dataOutcome(data, ran as Ran), report) : printedItself(0);
  }

  /** What a `--json` run that ended well reports: the action's value, with the command and provenance it ran with. */
  private dataOutcome(data: unknown, done: Ran): HostOutcome {
    if (done === undefined) return { kind: 'data', data, provenance: {} };
    const command = findCommand(this.manifest.root, pathOf(done.command));
    return { kind: 'data', data, provenance: done.provenance, command };
  }

  /** `--explain <option>` of the command commander reached, once it has parsed (P5). */
  private explain(reached: CommanderCommand, name: string, io: Io, report: Reporter): RunResult {
    const command = findCommand(this.manifest.root, pathOf(reached));
    if (command === undefined)
      return reportThrown(new TypeError('the command commander reached is not in the manifest'), report);
    try {
      return reportExplanation(
        explainCommander(reached, explainedOption(this.manifest, command, name), io.env),
        report,
      );
    } catch (error) {
      return reportThrown(error, report);
    }
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

/** Under --json what the action prints goes to stderr, as a native handler's does (E3). */
function sinks(io: Io, json: boolean): OutputSinks {
  const toStderr = (text: string) => io.stderr.write(text);
  return { stdout: json ? toStderr : (text: string) => io.stdout.write(text), stderr: toStderr };
}

/** True when commander runs a postAction hook of the command or one above it once the action settles. */
function readsAfterAction(command: CommanderCommand): boolean {
  for (let at: CommanderCommand | null = command; at; at = at.parent) {
    const hooks = (at as unknown as { _lifeCycleHooks: Record<string, unknown[] | undefined> })._lifeCycleHooks;
    if (hooks.postAction !== undefined) return true;
  }
  return false;
}

/** A command's words below the program, as the manifest names them. */
function pathOf(command: CommanderCommand): string[] {
  const path: string[] = [];
  for (let at: CommanderCommand | null = command; at?.parent; at = at.parent) path.unshift(at.name());
  return path;
}

/** A plain run: commander printed everything itself, through the run's streams. */
const printedItself = (exitCode: number): RunResult => ({ exitCode, text: '', stream: 'stdout' });
