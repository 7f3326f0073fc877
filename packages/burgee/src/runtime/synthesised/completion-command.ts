import { findCommand } from '../../manifest/build.js';
import { toSuccessEnvelope } from '../../projections/envelope/index.js';
import { UsageError } from '../errors.js';
import { commandLine, suggest } from '../suggest.js';
import { type SynthesisedCall, visibleSynthesised } from './table.js';

/** The generators are loaded only when a completion is asked for (N1). */
const scripts = () => import('../../projections/completions/render-completion.js');

/** `completion <shell>`: the script for that shell, generated from the manifest (C1). */
export async function runCompletion(call: SynthesisedCall): Promise<number> {
  const { manifest, report } = call;
  const { isShell, renderCompletion, SHELLS } = await scripts();
  const [shell, extra] = call.words.filter((word) => word !== '--json');
  if (!isShell(shell) || extra !== undefined) {
    const near = shell === undefined ? [] : suggest(shell, SHELLS);
    const details: { hint: string; fix?: string } = { hint: `choose one of: ${SHELLS.join(', ')}` };
    if (near.length === 1) details.fix = commandLine([manifest.name, 'completion', near[0]!]);
    const problem =
      shell === undefined
        ? 'needs a shell'
        : isShell(shell)
          ? `takes one shell, got also ${JSON.stringify(extra)}`
          : `does not know the shell ${JSON.stringify(shell)}`;
    throw new UsageError(`${manifest.name} completion ${problem}`, details);
  }
  const script = renderCompletion(
    manifest,
    shell,
    visibleSynthesised(manifest).map((c) => c.name),
  );
  if (report.json) report.envelope(toSuccessEnvelope({ shell, script }, {}));
  else call.io.stdout.write(script);
  return 0;
}

/**
 * `__complete <words…>`: the candidates for the last word, one per line, exit 0 (C2). It must never
 * disturb the shell that asked: a failing or throwing completer prints nothing.
 */
export async function runComplete(call: SynthesisedCall): Promise<number> {
  const { manifest, io } = call;
  try {
    const { toCandidates, toCompletionTable } = await scripts();
    const extra = visibleSynthesised(manifest).map((c) => c.name);
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
    if (lines.length > 0) io.stdout.write(`${lines.join('\n')}\n`);
  } catch {
    // Nothing: the shell shows no candidates rather than an error in the middle of the line.
  }
  return 0;
}
