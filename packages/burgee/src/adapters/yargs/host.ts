import type { Program } from '../../declaration/types.js';
import { optionEnd, plainWords } from '../../errors/refusals/command-line.js';
import { type Host, type HostRunOptions, hostProgram } from '../../host/host.js';
import { reportNotData, reportOutcome, reportThrown } from '../../host/outcome.js';
import { hostParsesItself } from '../../host/parses-itself.js';
import { runAsProcess } from '../../host/process-run.js';
import { hostWork, oneAtATime, startHostRun, type Turn } from '../../host/run.js';
import { findCommand } from '../../manifest/commands.js';
import { ExitCode } from '../../manifest/exit-codes.js';
import type { Manifest } from '../../manifest/types.js';
import type { Reporter, RunResult } from '../../pipeline/report.js';
import type { OutputSinks } from '../../process/capture.js';
import type { Io } from '../../process/io.js';
import { explainedOption, reportExplanation } from '../../surfaces/explain.js';
import { explainYargs } from './explain.js';
import { toYargsManifest, type YargsFactory } from './manifest.js';
import { observe } from './observe.js';
import { yargsOutcome } from './outcome.js';
import { type AdapterState, stateOf, type YargsInstance } from './state.js';
import { takesWords } from './takes-words.js';

type Parse = (args: readonly string[], callback: (error: unknown, argv: unknown, output: string) => void) => unknown;

/** A yargs program as burgee drives it: read once into a manifest, parsed by yargs on every run. */
export class YargsHost implements Host {
  readonly manifest: Manifest;
  /** yargs' own parse, never the adapter's check in front of it. */
  private readonly parse: Parse;

  constructor(
    private readonly instance: YargsInstance,
    factory: YargsFactory,
  ) {
    this.parse = (Object.getPrototypeOf(instance) as { parse: Parse }).parse.bind(instance);
    observe(instance);
    this.manifest = toYargsManifest(instance, factory, this.readVersion());
    if (takesWords(instance)) this.manifest.root.takesWords = true;
  }

  /**
   * A tool call's positionals come first: an array option takes every plain word after it, and yargs
   * fills no positional from words after `--`. yargs tells an absent boolean from a false one. The
   * call asks for its envelope itself: no `--json` in the line (M3).
   */
  readonly argvStyle = { positionals: 'first', explicitFalse: true, jsonFlag: false } as const;

  parsesItself(argv: readonly string[]): boolean {
    return hostParsesItself(this.manifest, argv);
  }

  /**
   * One parse at a time: yargs keeps a parse's state on the instance itself. Under `--json` the
   * handler's promise is burgee's to await (observe.ts), so the instance is free for the next call
   * once yargs has parsed: a slow or hung handler holds up no other call (M6).
   */
  readonly execute = oneAtATime((io, turn, options) => this.run(io, turn, options));

  /** True while a parse is under way, also one whose run was abandoned (a builder or middleware that never settled). */
  private parsing = false;

  private async run(io: Io, turn: Turn, options: HostRunOptions): Promise<RunResult> {
    const { json, explain, argv, report } = startHostRun(this.manifest, io, {}, options);
    // Without commands, the program's work follows the parse: the run is the program's own process.
    if (this.manifest.root.process === true && explain === undefined) {
      turn.release();
      return runAsProcess(io, report, { name: this.manifest.name, script: process.argv[1] }, argv);
    }
    if (this.parsing) return report.failure(midParse());
    // Under --json and --explain burgee takes the handler's result and the refusals (observe.ts).
    const mode = { listening: json || explain !== undefined, explaining: explain !== undefined };
    let parsed: Parsed;
    try {
      parsed = await hostWork(
        io,
        json,
        sinks(io, json),
        () => this.parseAndSettle(argv, mode, turn),
        this.manifest.name,
      );
    } catch (error) {
      return reportThrown(error, report);
    }
    const { ended, ran, settled } = parsed;
    const line = { manifest: this.manifest, argv: io.argv, env: io.env };
    if (explain !== undefined) return this.explain(parsed, explain, line, argv, report);
    // A plain run: yargs printed everything itself, through the run's streams.
    if (!json)
      return { exitCode: ended.error === undefined ? ExitCode.OK : ExitCode.RUNTIME, text: '', stream: 'stdout' };
    let outcome = yargsOutcome(ended, ran, line);
    if (outcome.kind === 'data' && settled !== undefined) {
      // A rejection is what yargs would have passed to its parse callback.
      outcome =
        'error' in settled
          ? yargsOutcome({ error: settled.error, output: '' }, undefined, line)
          : { ...outcome, data: settled.value };
    }
    return reportOutcome(outcome, report);
  }

  /** Parses, gives the instance up, then waits for what the handler returned (under `--json`). */
  private async parseAndSettle(argv: readonly string[], mode: Mode, turn: Turn): Promise<Parsed> {
    const state = stateOf(this.instance);
    state.ran = undefined;
    state.listening = mode.listening;
    state.explaining = mode.explaining;
    this.parsing = true;
    let ended: Ended;
    try {
      ended = await this.parseOnce(argv, mode.listening);
    } finally {
      this.parsing = false;
      state.listening = false;
      state.explaining = false;
    }
    // Set by the handler yargs called (observe.ts), which TypeScript cannot see.
    const ran = state.ran as AdapterState['ran'];
    turn.release();
    const waits = mode.listening && !mode.explaining && ran !== undefined;
    return { ended, ran, settled: waits ? await settle(ran.value) : undefined };
  }

  /** `--explain <option>` of the command yargs reached, once it has parsed (P5); yargs' refusals come first. */
  private explain(
    { ended, ran }: Parsed,
    name: string,
    line: Line,
    argv: readonly string[],
    report: Reporter,
  ): RunResult {
    const outcome = yargsOutcome(ended, ran, line);
    if (outcome.kind !== 'data') return reportNotData(outcome, report);
    try {
      const command = findCommand(this.manifest.root, ran?.path ?? []);
      if (command === undefined) throw new TypeError('the command yargs reached is not in the manifest');
      const option = explainedOption(this.manifest, command, name);
      const parsed = (ran?.argv ?? ended.argv ?? {}) as Record<string, unknown>;
      const words = argv.slice(0, optionEnd(plainWords(argv)));
      return reportExplanation(explainYargs(option, parsed, words, line.env), report);
    } catch (error) {
      return reportThrown(error, report);
    }
  }

  /**
   * Parses once through yargs' callback form, its documented way to keep help, version and failure
   * text from the console and the process from exiting; a plain run prints that text as yargs would.
   */
  private async parseOnce(argv: readonly string[], listening: boolean): Promise<Ended> {
    let ended: Ended = { output: '' };
    await this.parse(argv, (error, parsed, output) => {
      ended = { ...(error === null || error === undefined ? {} : { error }), argv: parsed, output };
    });
    if (!listening && ended.output !== '') {
      const failed = ended.error !== undefined;
      (failed ? process.stderr : process.stdout).write(`${ended.output}\n`);
    }
    return ended;
  }

  /**
   * The version `--version` prints, asked of yargs' usage object rather than by parsing `--version`:
   * a parse would run the program's middleware.
   */
  private readVersion(): string | undefined {
    if (!('version' in this.instance.getOptions().key)) return undefined;
    let text: unknown;
    const usage = this.instance.getInternalMethods().getUsageInstance() as unknown as {
      showVersion(emit: (version: unknown) => void): void;
    };
    usage.showVersion((version) => {
      text = version;
    });
    return typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined;
  }
}

/** Whether burgee takes the run's handler result and refusals, and whether it runs no handler at all. */
type Mode = { listening: boolean; explaining: boolean };
/** The run a parse ended: the program's manifest, and the words and environment yargs read. */
type Line = { manifest: Manifest; argv: readonly string[]; env: Readonly<Record<string, string | undefined>> };

/** Under --json what the handler prints goes to stderr, as a native handler's does (E3). */
function sinks(io: Io, json: boolean): OutputSinks {
  const toStderr = (text: string) => io.stderr.write(text);
  return { stdout: json ? toStderr : (text: string) => io.stdout.write(text), stderr: toStderr };
}

/** How a parse ended, through yargs' callback. */
type Ended = { error?: unknown; argv?: unknown; output: string };
/** What one run saw: the parse, the handler that ran, and what its returned value settled to. */
type Parsed = { ended: Ended; ran: AdapterState['ran']; settled: { value: unknown } | { error: unknown } | undefined };

const midParse = () => ({
  code: ExitCode.RUNTIME,
  message: 'the program is still inside an earlier run of yargs that never finished, so it cannot run another',
  hint: 'a builder or middleware of the earlier command waits on a promise that never settles; make it settle, then restart the server',
});

const settle = (value: unknown): Promise<{ value: unknown } | { error: unknown }> =>
  Promise.resolve(value).then(
    (resolved) => ({ value: resolved }),
    (error: unknown) => ({ error }),
  );

/** The burgee program of a yargs instance made through `burgee/yargs`. */
export const yargsProgram = (instance: YargsInstance, factory: YargsFactory): Program =>
  hostProgram(new YargsHost(instance, factory));
