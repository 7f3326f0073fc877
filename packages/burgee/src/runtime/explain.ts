import type { Manifest, ManifestCommand, ManifestOption } from '../manifest/types.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';
import { explainNoOption } from '../projections/refusals/index.js';
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

function explainData(option: ManifestOption, candidates: readonly Layer[]) {
  const won = winner(candidates);
  return {
    option: option.key,
    flag: option.flag,
    value: won === undefined ? null : (layerValue(option, won) ?? null),
    source: won?.source ?? null,
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
  const shown = (layer: Layer) =>
    'raw' in layer ? (option.secret ? '(redacted)' : JSON.stringify(layer.raw)) : '(not set)';
  const from = (layer: Layer) => `${layer.source}${layer.location === undefined ? '' : ` ${layer.location}`}`;
  const head =
    won === undefined ? `${option.flag} has no value` : `${option.flag} = ${shown(won)}  (from ${from(won)})`;
  const width = Math.max(...candidates.map((l) => (l.location ?? '').length));
  const rows = candidates.map(
    (layer) =>
      `  ${layer.source.padEnd(8)}${(layer.location ?? '').padEnd(width + 2)}${shown(layer)}${layer === won ? '  ← used' : ''}`,
  );
  return [head, ...rows].join('\n');
}
