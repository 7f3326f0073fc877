import { readFileSync } from 'node:fs';
// Through the public entry by name, like any author: the bundle then shares dist/index.js as it is,
// rather than moving its modules into a chunk that every program would load at start (N1).
import { defineCommand, defineProgram } from 'burgee';

/** `burgee dev <entry>`: serves a program over MCP on stdio and reloads it on save (M8). */
export const dev = defineCommand({
  name: 'dev',
  description: 'Serve a program over MCP on stdio, reloading it whenever a file in its folder changes',
  // It serves until stdin closes: as an MCP tool it would only hang the agent that called it.
  effects: 'withheld',
  arguments: [{ name: 'entry', description: 'the module exporting the program, as `program` or default' }],
  options: {
    loadTimeout: {
      type: 'number',
      integer: true,
      minimum: 1,
      default: 10_000,
      env: 'BURGEE_DEV_LOAD_TIMEOUT_MS',
      placeholder: 'ms',
      description: 'how long one import of the entry may take before it is abandoned',
    },
  },
  examples: [{ command: 'burgee dev ./cli.mjs', description: 'point an MCP client at this command line' }],
  // The serve loop, the MCP SDK and the watcher load only when `dev` runs, so `burgee --help` stays quick.
  load: () => import('./dev.js'),
});

/** The MCP SDK compiled into burgee, named with burgee's version since no `npm ls` can show it. */
const SDK = '@modelcontextprotocol/server';

/** The `burgee` binary, declared with burgee itself. */
export const burgee = defineProgram({
  name: 'burgee',
  version: ownVersion(),
  description: 'Tools for programs built with burgee',
  commands: [dev],
});

/**
 * The version in burgee's own package.json, and the MCP SDK compiled into it (its `vendored` field),
 * which no `npm ls` can show since it is not installed. Declared rather than left to `--version`'s
 * lookup, which starts at the started script: through `node_modules/.bin` that finds the user's package.
 */
function ownVersion(): string {
  // The source (tests) and the bundle (dist/cli.js) sit at different depths below the package root.
  for (const up of ['../package.json', '../../package.json']) {
    try {
      const manifest = JSON.parse(readFileSync(new URL(up, import.meta.url), 'utf8')) as Record<string, unknown>;
      if (manifest.name === 'burgee' && typeof manifest.version === 'string') {
        const sdk = (manifest.vendored as Record<string, string> | undefined)?.[SDK];
        return sdk === undefined ? manifest.version : `${manifest.version} (bundles ${SDK} ${sdk})`;
      }
    } catch {
      // Not at this depth; try the next.
    }
  }
  return '0.0.0';
}
