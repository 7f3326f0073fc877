// The thread `burgee check`, `diff` and `dev` load a program in (X1, M8): whatever the entry does
// at import, the command's own thread can stop it. It answers one LoadReply, then its work is done.
import { parentPort, workerData } from 'node:worker_threads';
import { checkManifest } from '../check/check.js';
import { manifestOf } from '../declaration/to-manifest.js';
import { hostOf } from '../host/host.js';
import { builtin } from '../process/builtins.js';
import { originalWrite, withCapturedOutput } from '../process/capture.js';
import { guardStdout } from '../process/stdout-guard.js';
import { toSchemaDocument } from '../projections/schema/index.js';
import type { FullSchemaDocument } from '../projections/schema/types.js';
import type { LoadReply, LoadRequest } from './isolated-load.js';
import { createEntryLoader } from './load-entry.js';
import { describeLoadError, loadErrorHint } from './load-error.js';

// This thread never owns stdout: a write to descriptor 1, or a child's inherited stdout, goes to stderr.
// No top-level await: an entry whose import can never settle must leave this thread with nothing
// to do, so that it ends and the command can say so.
void guard()
  .then(() => answer(workerData as LoadRequest))
  .then((reply) => parentPort!.postMessage(reply));

/** The modules themselves, not their read-only ES namespaces: the guard replaces their functions. */
async function guard(): Promise<void> {
  guardStdout({
    fs: await builtin<object>('node:fs'),
    childProcess: await builtin<object>('node:child_process'),
    syncBuiltinESMExports: (await builtin<{ syncBuiltinESMExports(): void }>('node:module')).syncBuiltinESMExports,
  });
}

async function answer({ entry, root, cwd, timeoutMs, want, suspects }: LoadRequest): Promise<LoadReply> {
  const toStderr = originalWrite(process.stderr);
  try {
    // From here the load's own time runs (isolated-load.ts times it from this message).
    parentPort!.postMessage('importing');
    const { program } = await withCapturedOutput({ stdout: toStderr, stderr: toStderr }, () =>
      createEntryLoader(entry, root, timeoutMs).load(),
    );
    const foreign = hostOf(program) !== undefined;
    if (want === 'probe') return { ok: true, foreign };
    const manifest = manifestOf(program);
    return want === 'check'
      ? { ok: true, foreign, check: checkManifest(manifest, { foreign }) }
      : { ok: true, foreign, schema: toSchemaDocument(manifest, { full: true }) as FullSchemaDocument };
  } catch (error) {
    const scene = { root, cwd, suspects };
    return { ok: false, reason: await describeLoadError(error, scene), hint: loadErrorHint(error, scene) };
  }
}
