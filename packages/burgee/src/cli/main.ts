// The `burgee` binary (bin/cli.mjs imports its bundle, dist/cli.js).
import { run } from 'burgee';
import { burgee } from './program.js';

await run(burgee);
