import { readFileSync } from 'node:fs';
// Through the public entry by name, like any author: the bundle then shares dist/index.js as it is,
// rather than moving its modules into a chunk that every program would load at start (N1).
import { defineCommand, defineProgram } from 'burgee';

/** The module a command loads the program from, as `burgee dev` does (M8). */
const ENTRY = { name: 'entry', description: 'the module exporting the program, as `program` or default' } as const;

/** How long one import of an entry may take: `dev`, `check` and `diff` load programs alike. */
const LOAD_TIMEOUT = {
  type: 'number',
  integer: true,
  minimum: 1,
  default: 10_000,
  env: 'BURGEE_DEV_LOAD_TIMEOUT_MS',
  placeholder: 'ms',
  description: 'how long one import of the entry may take before it is abandoned',
} as const;

/** `burgee dev <entry>`: serves a program over MCP on stdio and reloads it on save (M8). */
export const dev = defineCommand({
  name: 'dev',
  description: 'Serve a program over MCP on stdio, reloading it whenever a file in its folder changes',
  // It serves until stdin closes: as an MCP tool it would only hang the agent that called it.
  effects: 'withheld',
  arguments: [ENTRY],
  options: { loadTimeout: LOAD_TIMEOUT },
  examples: [{ command: 'burgee dev ./cli.mjs', description: 'point an MCP client at this command line' }],
  // The serve loop, the MCP SDK and the watcher load only when `dev` runs, so `burgee --help` stays quick.
  load: () => import('./dev.js'),
});

/** `burgee check <entry>`: what a program's agent surfaces lack, as findings (X1, X2). */
export const check = defineCommand({
  name: 'check',
  summary: "Lint a program's agent surfaces: descriptions, examples, effects, tool names, secrets",
  description:
    "Load a program as burgee dev does and report what its agent surfaces lack: descriptions, examples that do not parse, effects that contradict a command's name, tool names, secrets, sizes. Exit 1 on any error.",
  // It reads only, but loads the program into this process: served over MCP, a second call would get
  // the module the first imported. A shell, or CI, runs each check in a process of its own.
  effects: 'withheld',
  arguments: [ENTRY],
  options: {
    strict: { type: 'boolean', env: false, description: 'fail on warnings too' },
    loadTimeout: LOAD_TIMEOUT,
  },
  examples: [
    { command: 'burgee check ./cli.mjs', description: 'every finding, with its rule and fix' },
    { command: 'burgee check ./cli.mjs --strict --json', description: 'in CI: fail on warnings too' },
  ],
  load: () => import('./check.js'),
});

/** `burgee diff <old> <new>`: what changed between two contracts, and the release it needs (X4). */
export const diff = defineCommand({
  name: 'diff',
  summary: 'Compare two contracts: each change breaking or compatible, and the semver bump',
  description:
    'Compare two --schema --full documents, each a .json file (or - for stdin) or a program file whose current schema is taken; class each change breaking or compatible and name the semver bump. Exit 1 on a breaking change unless --allow-breaking.',
  // Withheld for the reason `check` is: a program file is loaded into this process.
  effects: 'withheld',
  arguments: [
    { name: 'old', description: 'the released contract: a .json file from --schema --full, -, or a program file' },
    { name: 'new', description: 'the contract to release: a program file, a .json file, or -' },
  ],
  options: {
    allowBreaking: { type: 'boolean', env: false, description: 'exit 0 on breaking changes too' },
    loadTimeout: LOAD_TIMEOUT,
  },
  examples: [
    { command: 'burgee diff schema.json ./cli.mjs', description: 'the committed contract against the program' },
    { command: 'burgee diff schema.json ./cli.mjs --allow-breaking', description: 'for a major release' },
  ],
  load: () => import('./diff.js'),
});

/** The MCP SDK compiled into burgee, named with burgee's version since no `npm ls` can show it. */
const SDK = '@modelcontextprotocol/server';

/** The `burgee` binary, declared with burgee itself. */
export const burgee = defineProgram({
  name: 'burgee',
  version: ownVersion(),
  description: 'Tools for programs built with burgee',
  commands: [dev, check, diff],
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
