import type { Manifest, ManifestCommand, ManifestOption } from '../manifest/types.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';
import { explainNoOption } from '../projections/refusals/index.js';
import { coerce } from './coerce.js';
import { refuse } from './errors.js';
import { type Layer, winner } from './layers.js';
import type { Reporter, RunResult } from './report.js';

/** `--explain <option>`: the winning layer and every candidate, running nothing (P5). */
export function showExplain(
  manifest: Manifest,
  command: ManifestCommand,
  name: string,
  layers: Map<ManifestOption, Layer[]>,
  report: Reporter,
): RunResult {
  const wanted = name.replace(/^--/, '');
  const option = command.options.find((o) => o.key === wanted || o.flag === `--${wanted}`);
  if (option === undefined) throw refuse(explainNoOption(manifest, command, wanted), command);
  const candidates = layers.get(option) ?? [];
  if (report.json) return report.envelope(toSuccessEnvelope(explainData(option, candidates), {}));
  return report.text(explainText(option, candidates));
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

function explainData(option: ManifestOption, candidates: readonly Layer[]) {
  const won = winner(candidates);
  const { value, problem } = outcome(option, won);
  return {
    option: option.key,
    flag: option.flag,
    value,
    source: won?.source ?? null,
    ...(problem === undefined ? {} : { problem }),
    layers: candidates.map((layer) => ({
      source: layer.source,
      location: layer.location ?? null,
      value: layerValue(option, layer) ?? null,
      used: layer === won,
    })),
  };
}

function explainText(option: ManifestOption, candidates: readonly Layer[]): string {
  const won = winner(candidates);
  const shown = (layer: Layer) => ('raw' in layer ? display(option, layer.raw) : '(not set)');
  const from = (layer: Layer) => `${layer.source}${layer.location === undefined ? '' : ` ${layer.location}`}`;
  const width = Math.max(...candidates.map((l) => (l.location ?? '').length));
  const rows = candidates.map(
    (layer) =>
      `  ${layer.source.padEnd(8)}${(layer.location ?? '').padEnd(width + 2)}${shown(layer)}${layer === won ? '  ← used' : ''}`,
  );
  return [headline(option, won, from), ...rows].join('\n');
}

function headline(option: ManifestOption, won: Layer | undefined, from: (layer: Layer) => string): string {
  if (won === undefined) return `${option.flag} has no value`;
  const { value, problem } = outcome(option, won);
  if (problem === undefined) return `${option.flag} = ${display(option, value)}  (from ${from(won)})`;
  return `${option.flag} from ${from(won)} would be refused: ${problem}`;
}
