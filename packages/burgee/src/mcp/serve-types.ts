// The public types of `serveMcp`, apart from the serve loop so that their declarations name nothing
// of the MCP SDK, which is compiled into burgee and not installed beside it.
import type { Command, Program } from '../declaration/types.js';

/** Settings of `serveMcp`; each defaults to this process's own. */
export type ServeMcpOptions = {
  env?: Readonly<Record<string, string | undefined>>;
  cwd?: string;
  /** Per-call timeout in milliseconds; else `BURGEE_MCP_TIMEOUT_MS`, else 60 s. */
  timeoutMs?: number;
  /** The program's module, whose package.json names the server's version when the program declares none. */
  entry?: string | undefined;
  /**
   * The config file every call reads, as `--config <path>` would on the command line (relative to
   * `cwd`), or `false` for none, as `--no-config`; by default each call looks where the CLI looks.
   */
  config?: string | false | undefined;
};

/** A running stdio server; `setProgram` swaps what it serves and tells the client (for `burgee dev`). */
export type McpServing = {
  readonly program: Program;
  /** Serves `program` from the next request on; tells the client unless `notify` is false. */
  setProgram(program: Program | Command, options?: { notify?: boolean }): Promise<void>;
  /** Settles when stdin closes (or `close()` was called) and the process is back to normal. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
};
