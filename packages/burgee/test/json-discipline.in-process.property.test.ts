// N2, N3, E5 in-process: 300 random argv lists per example through runProgram, each one JSON line
// on stdout; its own file, apart from the slower runs as real processes.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { argvOf, envOf, examples, expectOneDocument, runInProcess, scratchCwds } from './support/json-discipline.js';

const cwds = scratchCwds();

describe('N2 · under --json every argv gives exactly one JSON line on stdout and nothing on stderr', () => {
  for (const ex of examples) {
    it(`N2 N3 E5 · ${ex.name}: 300 random argv lists in-process`, async () => {
      await fc.assert(
        fc.asyncProperty(argvOf(ex, false), envOf(ex), fc.constantFrom(...cwds), async (argv, env, cwd) => {
          expectOneDocument(argv, await runInProcess(ex.program, argv, env, cwd));
        }),
        { numRuns: 300 },
      );
    });
  }
});
