import { manifestOf } from '../declaration/to-manifest.js';
import type { Program } from '../declaration/types.js';
import { BurgeeError, refuse } from '../errors/errors.js';
import { needsCommand, notWithMcp } from '../errors/refusals/parse.js';
import { notJson } from '../errors/refusals/results.js';
import { notATask } from '../errors/refusals/tasks.js';
import { hostOf } from '../host/host.js';
import { findCommand } from '../manifest/commands.js';
import { withEnvironment } from '../manifest/environment.js';
import { ExitCode } from '../manifest/exit-codes.js';
import { refusedWithMcp } from '../manifest/globals.js';
import { findSynthesised } from '../manifest/synthesised.js';
import type { Manifest, ManifestCommand } from '../manifest/types.js';
import { changedOf } from '../pipeline/changed.js';
import { classify, type Outcome } from '../pipeline/classify.js';
import { configCandidates, type LoadedConfig } from '../pipeline/config-file.js';
import { findDeclaration } from '../pipeline/handler.js';
import { HandlerThrow, invoke } from '../pipeline/invoke.js';
import type { ProvenanceEntry } from '../pipeline/layers.js';
import { type ParsedArgv, parseArgv, wantsJson } from '../pipeline/parse-argv.js';
import { Reporter, type RunResult } from '../pipeline/report.js';
import { optionLayers, resolveInputs } from '../pipeline/resolve.js';
import type { Io } from '../process/io.js';
import { renderEnvelope, toLeanEnvelope, toSuccessEnvelope } from '../projections/envelope/index.js';
import { toUsageSummary } from '../projections/help/usage-summary.js';
import { renderData, renderDeprecationWarning } from '../projections/human/index.js';
import { declaredCompleter } from '../surfaces/completer.js';
import { showHelp } from '../surfaces/help-surface.js';
import { type CompleterResolver, runSynthesised } from '../surfaces/synthesised-commands.js';

export type { RunResult };

/** Hooks a surface (the CLI, MCP, tests) passes to one execution. */
export type ExecuteOptions = {
  onExit?: (cleanup: () => void) => void;
  /**
   * The surface already sends everything this run prints where `--json` would (an MCP call captures
   * its whole run), so the handler needs no capture of its own.
   */
  captured?: boolean | undefined;
  /** Where `__complete` finds `complete` functions; by default, in the program's declarations (C2). */
  completer?: CompleterResolver | undefined;
};

/**
 * Runs one argv against a program and returns what it has to say, rendered once; never throws,
 * never exits, and prints nothing itself but a handler's own output and warnings for a person.
 */
export async function execute(program: Program, io: Io, options: ExecuteOptions = {}): Promise<RunResult> {
  // A foreign program parses its own command lines; burgee answers only its added surfaces (F1, F2).
  const host = hostOf(program);
  if (host?.parsesItself(io.argv) === true) return host.execute(io, { envelope: options.captured === true });
  const manifest = manifestOf(program);
  const report = new Reporter(io, manifest, wantsJson(io.argv));
  let parsed: ParsedArgv | undefined;
  try {
    const synthesised = findSynthesised(manifest.root, io.argv);
    if (synthesised !== undefined) {
      return await runSynthesised(synthesised.row.name, {
        program,
        manifest,
        io,
        report,
        words: synthesised.words,
        completer: options.completer ?? declaredCompleter(program, manifest),
        rerun: (argv) => execute(program, { ...io, argv }, options),
      });
    }
    parsed = parseArgv(manifest, io.argv);
    report.json = parsed.globals.json;
    report.lean = parsed.globals.lean;
    return await dispatch(program, manifest, parsed, io, report, options);
  } catch (thrown) {
    const fromHandler = thrown instanceof HandlerThrow;
    const cause = fromHandler ? thrown.cause : thrown;
    return resultOf(classify(cause), manifest, fromHandler ? undefined : parsed?.command, report);
  }
}

/**
 * burgee's own surfaces first (H2, S1, H4, M1), in that order; then the command itself. Help,
 * `--schema`, `--version` and reading a config file load on first use, so a run of a command never
 * pays for their layout, fitting or file access (N1).
 */
function dispatch(
  program: Program,
  manifest: Manifest,
  parsed: ParsedArgv,
  io: Io,
  report: Reporter,
  options: ExecuteOptions,
): RunResult | Promise<RunResult> {
  const { globals, command } = parsed;
  if (globals.help) return showHelp(manifest, command, io, report, globals.all);
  if (globals.mcp) {
    const refused = refusedWithMcp(globals);
    if (refused.length > 0) throw refuse(notWithMcp({ manifest, words: parsed.words }, refused), command);
    return import('../mcp/serve-mcp.js').then((m) =>
      m.serveMcpSurface(program, manifest, globals, io, report, execute),
    );
  }
  if (globals.schema || globals.llms) {
    // What an agent reads says what this environment already gives (P2).
    const seen = withEnvironment(manifest, io.env);
    const at = findCommand(seen.root, command.path) ?? command;
    if (globals.schema)
      return import('../surfaces/schema-surface.js').then((m) => m.showSchema(seen, at, globals, report));
    return import('../surfaces/llms-surface.js').then((m) => m.showLlms(seen, at, report));
  }
  if (globals.version) return import('../surfaces/version-surface.js').then((m) => m.showVersion(manifest, io, report));
  if (!command.runnable) throw refuse(needsCommand({ manifest, command }), command);
  const run: Run = { manifest, parsed, io, report, options, config: undefined };
  const candidates = configCandidates(manifest, globals, io.env, io.cwd);
  if (candidates.length === 0) return explainOrRun(program, run);
  return import('../pipeline/config-read.js').then((m) =>
    explainOrRun(program, { ...run, config: m.loadConfig(candidates, manifest) }),
  );
}

/** `--explain` shows where each input would come from (P5); otherwise the command runs. */
function explainOrRun(program: Program, run: Run): RunResult | Promise<RunResult> {
  const { manifest, parsed, io, report, config } = run;
  const { globals, command } = parsed;
  const { explain } = globals;
  if (explain !== undefined) {
    const layers = optionLayers({ manifest, parsed, env: io.env, config });
    return import('../surfaces/explain.js').then((m) => m.showExplain(manifest, command, explain, layers, report));
  }
  warnDeprecated(manifest, parsed, report);
  return runCommand(program, run);
}

type Run = {
  manifest: Manifest;
  parsed: ParsedArgv;
  io: Io;
  report: Reporter;
  options: ExecuteOptions;
  config: LoadedConfig | undefined;
};

/** Resolves the command's inputs (P1–P6), runs its handler and reports what it returned. */
async function runCommand(program: Program, run: Run): Promise<RunResult> {
  const { manifest, parsed, io, report, options } = run;
  const { command } = parsed;
  const declaration = findDeclaration(program.root, command.path)!;
  const detach = parsed.globals.detach === true;
  if (detach && command.task === undefined) throw refuse(notATask(manifest, command), command);
  const specs = declaration.options ?? {};
  const resolving = resolveInputs({ manifest, parsed, env: io.env, config: run.config, specs });
  const resolved = resolving instanceof Promise ? await resolving : resolving;
  if (resolved.unanswered !== undefined) {
    const { askUnanswered } = await import('../pipeline/bound-prompts.js');
    await askUnanswered({ scene: { manifest, command, words: parsed.words }, resolved, io, json: report.json, specs });
  }
  if (detach) return (await import('../tasks/detach.js')).detach({ manifest, command, resolved, io, report });
  let ownSignal: AbortSignal | undefined;
  const data = await invoke(declaration, options.captured === true, {
    manifest,
    command,
    declaration,
    resolved,
    passthrough: parsed.passthrough,
    json: report.json,
    io,
    signal: () => {
      // A run that nothing outside can cancel still hands its handler a signal of its own.
      ownSignal ??= io.signal?.() ?? new AbortController().signal;
      return ownSignal;
    },
    onExit: options.onExit ?? ignoreCleanup,
  });
  return succeed(manifest, command, data, resolved.provenance, report);
}

/** Where `ctx.onExit` cleanups go when the surface has no exit of its own to run them at. */
const ignoreCleanup = (): void => {};

function succeed(
  manifest: Manifest,
  command: ManifestCommand,
  data: unknown,
  provenance: Record<string, ProvenanceEntry>,
  report: Reporter,
): RunResult {
  const changed = command.effects === 'idempotent' ? changedOf(manifest, command, data) : undefined;
  if (!report.json) return report.text(renderData(data, { fields: command.fields }));
  const full = toSuccessEnvelope(data, provenance, changed);
  const envelope = report.lean ? toLeanEnvelope(full) : full;
  let text: string;
  try {
    text = renderEnvelope(envelope);
  } catch (error) {
    const refusal = notJson((error as Error).message);
    throw new BurgeeError(ExitCode.RUNTIME, refusal.message, refusal);
  }
  return report.rendered(envelope, text);
}

function resultOf(
  outcome: Outcome,
  manifest: Manifest,
  command: ManifestCommand | undefined,
  report: Reporter,
): RunResult {
  if (outcome.kind === 'action') return report.actionRequired(outcome.request);
  if (outcome.kind === 'exit') return report.exit(outcome.code);
  const failure = outcome.failure;
  // Usage errors found by burgee itself carry the short usage block; a runtime failure never prints help (E7).
  const refused = failure.command ?? command;
  if (failure.code === ExitCode.USAGE && failure.usage === undefined && refused !== undefined) {
    failure.usage = toUsageSummary(manifest, refused);
  }
  return report.failure(failure);
}

/** Warns of a deprecated command or flag the caller used, naming it as typed: the program's name first (D3). */
function warnDeprecated(manifest: Manifest, parsed: ParsedArgv, report: Reporter): void {
  const { command } = parsed;
  if (command.deprecated !== undefined)
    report.warn(renderDeprecationWarning([manifest.name, ...command.path].join(' '), command.deprecated));
  for (const flag of parsed.flags.values()) {
    if (flag.option.deprecated !== undefined)
      report.warn(renderDeprecationWarning(flag.option.flag, flag.option.deprecated));
  }
}
