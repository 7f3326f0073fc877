// N2, N3, E5 as real processes: 40 random argv lists per example, stdin closed, each one JSON line
// on stdout; its own file, apart from the in-process runs, as each list spawns a process.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { example, runCli } from './support/cli.js';
import { argvOf, envOf, examples, expectOneDocument, scratchCwds } from './support/json-discipline.js';

const cwds = scratchCwds();

describe('N2 · under --json every argv gives exactly one JSON line on stdout and nothing on stderr', () => {
  // Two programs at once: enough parallelism for two cores, and fast-check keeps its shrinking.
  for (const ex of examples) {
    it.concurrent(`N2 N3 E5 · ${ex.name}: 40 random argv lists as real processes, stdin closed`, async () => {
      await fc.assert(
        fc.asyncProperty(argvOf(ex, true), envOf(ex), fc.constantFrom(...cwds), async (argv, env, cwd) => {
          const result = await runCli(example(ex.name), argv, { env, cwd, timeoutMs: 10_000 });
          expectOneDocument(argv, {
            exitCode: result.code,
            stdout: result.stdout,
            stderr: result.stderr,
            signal: result.signal,
          });
        }),
        { numRuns: 40 },
      );
    }, 60_000);
  }
});
