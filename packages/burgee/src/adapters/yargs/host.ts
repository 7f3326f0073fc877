import type { Program } from '../../declaration/types.js';
import { ExitCode } from '../../manifest/exit-codes.js';
import type { Manifest } from '../../manifest/types.js';
import { runGuarded } from '../../runtime/exit-guard.js';
import { type Host, hostProgram } from '../../runtime/host/host.js';
import { type HostOutcome, reportOutcome, reportThrown } from '../../runtime/host/outcome.js';
import { hostOwns } from '../../runtime/host/owns.js';
import { oneAtATime, startHostRun } from '../../runtime/host/run.js';
import type { Io } from '../../runtime/io.js';
import type { RunResult } from '../../runtime/report.js';
import { toYargsManifest, type YargsFactory } from './manifest.js';
import { observe } from './observe.js';
import { yargsOutcome } from './outcome.js';
import { stateOf, type YargsInstance } from './state.js';

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
  }

  owns(argv: readonly string[]): boolean {
    return hostOwns(this.manifest, argv);
  }

  /** One run at a time: yargs keeps a run's state on the instance itself. */
  readonly execute = oneAtATime((io) => this.run(io));

  private async run(io: Io): Promise<RunResult> {
    const { json, argv, report } = startHostRun(this.manifest, io);
    const state = stateOf(this.instance);
    state.ran = undefined;
    state.listening = json;
    const toStderr = (text: string) => io.stderr.write(text);
    const sinks = { stdout: json ? toStderr : (text: string) => io.stdout.write(text), stderr: toStderr };
    let outcome: HostOutcome;
    try {
      const ended = await runGuarded(() => this.parseOnce(argv, json), sinks);
      state.listening = false;
      // A plain run: yargs printed everything itself, through the run's streams.
      if (!json)
        return { exitCode: ended.error === undefined ? ExitCode.OK : ExitCode.RUNTIME, text: '', stream: 'stdout' };
      const line = { manifest: this.manifest, argv: io.argv, env: io.env };
      outcome = yargsOutcome(ended, state.ran, line);
      if (outcome.kind === 'data') {
        // What the handler returned, awaited here rather than by yargs (observe.ts); a rejection is
        // what yargs would have passed to its parse callback.
        const settled = await settle(outcome.data);
        outcome =
          'error' in settled
            ? yargsOutcome({ error: settled.error, output: '' }, undefined, line)
            : { ...outcome, data: settled.value };
      }
    } catch (error) {
      return json
        ? reportOutcome(
            yargsOutcome({ thrown: error }, undefined, { manifest: this.manifest, argv: io.argv, env: io.env }),
            report,
          )
        : reportThrown(error, report);
    } finally {
      state.listening = false;
    }
    return reportOutcome(outcome, report);
  }

  /**
   * Parses once through yargs' callback form, its documented way to keep help, version and failure
   * text from the console and the process from exiting; a plain run prints that text as yargs would.
   */
  private async parseOnce(
    argv: readonly string[],
    json: boolean,
  ): Promise<{ error?: unknown; argv?: unknown; output: string }> {
    let ended: { error?: unknown; argv?: unknown; output: string } = { output: '' };
    await this.parse(argv, (error, parsed, output) => {
      ended = { ...(error === null || error === undefined ? {} : { error }), argv: parsed, output };
    });
    if (!json && ended.output !== '') {
      const failed = ended.error !== undefined;
      (failed ? process.stderr : process.stdout).write(`${ended.output}\n`);
    }
    return ended;
  }

  private readVersion(): string | undefined {
    if (!('version' in this.instance.getOptions().key)) return undefined;
    let text = '';
    this.parse(['--version'], (_error, _argv, output) => {
      text = output;
    });
    return text.trim() === '' ? undefined : text.trim();
  }
}

const settle = (value: unknown): Promise<{ value: unknown } | { error: unknown }> =>
  Promise.resolve(value).then(
    (resolved) => ({ value: resolved }),
    (error: unknown) => ({ error }),
  );

/** The burgee program of a yargs instance made through `burgee/yargs`. */
export const yargsProgram = (instance: YargsInstance, factory: YargsFactory): Program =>
  hostProgram(new YargsHost(instance, factory));
