import { refuse } from '../errors/errors.js';
import { notOneOf, oneTooMany } from '../errors/refusals/index.js';
import { findCommand } from '../manifest/commands.js';
import { visibleSynthesised } from '../manifest/synthesised.js';
import type { RunResult } from '../pipeline/report.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';
import type { SynthesisedCall } from './synthesised-commands.js';

/** The generators are loaded only when a completion is asked for (N1). */
const scripts = () => import('../projections/completions/render-completion.js');

/** `completion <shell>`: the script for that shell, generated from the manifest (C1). */
export async function runCompletion(call: SynthesisedCall): Promise<RunResult> {
  const { manifest, report } = call;
  const { isShell, renderCompletion, SHELLS } = await scripts();
  const [shell, extra] = call.words.filter((word) => word !== '--json');
  const where = `${manifest.name} completion`;
  if (!isShell(shell))
    throw refuse(notOneOf(where, 'shell', shell, SHELLS, [manifest.name, 'completion', ...call.words]));
  if (extra !== undefined) throw refuse(oneTooMany(where, 'shell', extra, `${where} <${SHELLS.join('|')}>`));
  const script = renderCompletion(
    manifest,
    shell,
    visibleSynthesised(manifest.root).map((c) => c.name),
  );
  if (report.json) return report.envelope(toSuccessEnvelope({ shell, script }, {}));
  return report.text(script);
}

/**
 * `__complete <words…>`: the candidates for the last word, one per line, exit 0 (C2). It must never
 * disturb the shell that asked: a failing or throwing completer prints nothing.
 */
export async function runComplete(call: SynthesisedCall): Promise<RunResult> {
  const { manifest, io, report } = call;
  try {
    const { toCandidates, toCompletionTable } = await scripts();
    const extra = visibleSynthesised(manifest.root).map((c) => c.name);
    const found = toCandidates(toCompletionTable(manifest, extra), call.words);
    let words: readonly string[] = [];
    if (found.kind === 'words') words = found.words;
    if (found.kind === 'dynamic' && findCommand(manifest.root, found.path) !== undefined) {
      const complete = call.completer(found.path, found.flag);
      const offered = complete === undefined ? [] : await complete({ partial: found.partial, env: io.env });
      words = offered.filter((word) => typeof word === 'string' && word.startsWith(found.partial));
    }
    // A candidate holding a line break would be read as two by every shell.
    const lines = words.filter((word) => !/[\r\n]/.test(word));
    return report.text(lines.join('\n'));
  } catch {
    // Nothing: the shell shows no candidates rather than an error in the middle of the line.
    return report.text('');
  }
}
