import { MANIFEST } from '../declaration/to-manifest.js';
import type { Command, Program } from '../declaration/types.js';
import type { Manifest } from '../manifest/types.js';
import type { RunResult } from '../pipeline/report.js';
import type { Io } from '../process/io.js';
import type { ArgvStyle } from '../projections/mcp/types.js';

/**
 * Where a program read from a foreign library (commander, yargs) keeps the library's side. A
 * registered symbol, so a program made by one copy of burgee runs under another (`burgee dev`).
 */
export const HOST = Symbol.for('burgee.host');

/** A foreign program as the runtime drives it: its manifest, and its own parser for every run. */
export interface Host {
  /** Read from the host's command tree: every projection (schema, tools, completions) starts here. */
  readonly manifest: Manifest;
  /** False for what burgee answers from the manifest alone (`--schema`, `--mcp`); true for a run of a command. */
  parsesItself(argv: readonly string[]): boolean;
  /**
   * Runs argv through the host's own parser; under `--json`, or when the surface wants an envelope
   * whatever argv says (an MCP call, whose argv holds no `--json`), its result is one envelope (F4).
   */
  execute(io: Io, options?: HostRunOptions): Promise<RunResult>;
  /** How the host's parser wants a tool call's command line written, so that it reads back the call's values (M3). */
  readonly argvStyle: ArgvStyle;
}

/** What a surface asks of one host run. */
export type HostRunOptions = { envelope?: boolean };

/** The host behind a program, when an adapter made it. */
export const hostOf = (program: Program): Host | undefined => (program as { [HOST]?: Host })[HOST];

/** A program whose manifest and runs come from `host`; it declares no handlers of its own. */
export function hostProgram(host: Host): Program {
  const root = { name: host.manifest.name, commands: [] } as unknown as Command;
  const program = { name: host.manifest.name, commands: [], root, [HOST]: host, [MANIFEST]: host.manifest };
  return Object.freeze(program) as unknown as Program;
}
