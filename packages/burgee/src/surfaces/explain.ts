import { refuse } from '../errors/errors.js';
import { explainNoOption } from '../errors/refusals/index.js';
import type { Manifest, ManifestCommand, ManifestOption } from '../manifest/types.js';
import { coerce } from '../pipeline/coerce.js';
import { type Layer, winner } from '../pipeline/layers.js';
import type { Reporter, RunResult } from '../pipeline/report.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';

/**
 * What `--explain` shows of one option: every candidate layer, the one used, and the value the
 * command would receive from it (or why it would be refused). A foreign program's parser says
 * which layer it used and what it made of it (host/); a native one, burgee's.
 */
export type Explanation = {
  option: ManifestOption;
  layers: readonly Layer[];
  won: Layer | undefined;
  value: unknown;
  problem?: string | undefined;
};

/** `--explain <option>`: the winning layer and every candidate, running nothing (P5). */
export function showExplain(
  manifest: Manifest,
  command: ManifestCommand,
  name: string,
  layers: Map<ManifestOption, Layer[]>,
  report: Reporter,
): RunResult {
  const option = explainedOption(manifest, command, name);
  const candidates = layers.get(option) ?? [];
  const won = winner(candidates);
  return reportExplanation({ option, layers: candidates, won, ...outcome(option, won) }, report);
}

/** The option `--explain` names (`region` or `--region`), or the refusal that names the command's options. */
export function explainedOption(manifest: Manifest, command: ManifestCommand, name: string): ManifestOption {
  const wanted = name.replace(/^--/, '');
  const option = command.options.find((o) => o.key === wanted || o.flag === `--${wanted}`);
  if (option === undefined) throw refuse(explainNoOption(manifest, command, wanted), command);
  return option;
}

/** An explanation as the run's result: data under `--json`, lines for a person otherwise. */
export function reportExplanation(explanation: Explanation, report: Reporter): RunResult {
  if (report.json) return report.envelope(toSuccessEnvelope(explainData(explanation), {}));
  return report.text(explainText(explanation));
}

// A secret's value is never shown, in any layer (D3).
const layerValue = (option: ManifestOption, layer: Layer): unknown =>
  'raw' in layer ? (option.secret ? '(redacted)' : layer.raw) : undefined;
const display = (option: ManifestOption, value: unknown): string =>
  option.secret ? '(redacted)' : JSON.stringify(value);

/**
 * What the command would receive from the winning layer: its value typed as the option declares it
 * (env `"4"` is the number 4), or why the run would be refused with it. Each layer shows what it holds.
 */
function outcome(option: ManifestOption, won: Layer | undefined): { value: unknown; problem?: string } {
  if (won === undefined) return { value: null };
  if (option.secret) return { value: '(redacted)' };
  const typed = coerce(option, won);
  return 'problem' in typed ? { value: null, problem: typed.problem.message } : { value: typed.value };
}

function explainData({ option, layers, won, value, problem }: Explanation) {
  return {
    option: option.key,
    flag: option.flag,
    value: option.secret && won !== undefined ? '(redacted)' : (value ?? null),
    source: won?.source ?? null,
    ...(problem === undefined ? {} : { problem }),
    layers: layers.map((layer) => ({
      source: layer.source,
      location: layer.location ?? null,
      value: layerValue(option, layer) ?? null,
      used: layer === won,
    })),
  };
}

function explainText(explanation: Explanation): string {
  const { option, layers, won } = explanation;
  const shown = (layer: Layer) => ('raw' in layer ? display(option, layer.raw) : '(not set)');
  const width = Math.max(...layers.map((l) => (l.location ?? '').length));
  const rows = layers.map(
    (layer) =>
      `  ${layer.source.padEnd(8)}${(layer.location ?? '').padEnd(width + 2)}${shown(layer)}${layer === won ? '  ← used' : ''}`,
  );
  return [headline(explanation), ...rows].join('\n');
}

function headline({ option, won, value, problem }: Explanation): string {
  if (won === undefined) return `${option.flag} has no value`;
  const from = `${won.source}${won.location === undefined ? '' : ` ${won.location}`}`;
  if (problem === undefined) return `${option.flag} = ${display(option, value)}  (from ${from})`;
  return `${option.flag} from ${from} would be refused: ${problem}`;
}
