import { visibleSynthesised } from '../manifest/synthesised.js';
import type { RunResult } from '../pipeline/report.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';
import type { SynthesisedCall } from './synthesised-commands.js';

/** `help [command…]`: exactly what `<command…> --help` prints, so the two can never differ (K3). */
export async function runHelp(call: SynthesisedCall): Promise<RunResult> {
  const first = call.words.find((word) => !word.startsWith('-'));
  const own = visibleSynthesised(call.manifest.root).find((row) => row.name === first);
  if (own === undefined) return call.rerun([...call.words, '--help']);
  // `mcp` has clients and options to list: its help is a projection of their table (K1).
  if (own.name === 'mcp') return (await import('./client-config-command.js')).runMcpHelp(call);
  // Another synthesised command has no declaration to project help from: its usage line is its help.
  const usage = `${call.manifest.name} ${own.usage}`;
  if (call.report.json) return call.report.envelope(toSuccessEnvelope({ usage, description: own.help }, {}));
  return call.report.text(`Usage: ${usage}\n\n${own.help}`);
}
