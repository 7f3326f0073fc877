import { refuse } from '../errors/errors.js';
import { nothingForAgents } from '../errors/refusals/index.js';
import type { Manifest, ManifestCommand } from '../manifest/types.js';
import type { Reporter, RunResult } from '../pipeline/report.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';
import { agentCommands, renderLlms } from '../projections/skills/index.js';

/** `--llms`: the Markdown index of the program, or of the commands below the one named (L5). */
export function showLlms(manifest: Manifest, command: ManifestCommand, report: Reporter): RunResult {
  if (agentCommands(command).length === 0) throw refuse(nothingForAgents(manifest, command), command);
  const text = renderLlms(manifest, command);
  if (report.json) return report.envelope(toSuccessEnvelope({ text }, {}));
  return report.text(text);
}
