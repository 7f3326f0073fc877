/** The options of `connectMcp` and the questions it answers, declared once for burgee/testing and the client it connects. */
import type { McpClientOptions } from '../../types/mcp-client.js';

/** Settings of `connectMcp`: the server's environment and folder, its call timeout, and the client's own options. */
export type ConnectMcpOptions = {
  /** The environment calls run with; empty by default, as in `runProgram`. */
  env?: Record<string, string | undefined>;
  /** The working folder calls run in; default `process.cwd()`. */
  cwd?: string;
  /** Each call's time limit in milliseconds; default 60 s. */
  timeoutMs?: number;
  /** Passed to the official `Client`, e.g. `{ versionNegotiation: { mode: { pin: '2026-07-28' } } }`. */
  client?: McpClientOptions;
  /**
   * Answers the server's questions (a prompt-bound option without a value, a confirmation) as the
   * client's user would; with it the client declares form elicitation, without it it cannot be asked (Q1).
   */
  answer?: (question: McpQuestion) => McpAnswer | Promise<McpAnswer>;
};

/** A question the server asks (`elicitation/create`, form mode): the message and the form's JSON Schema. */
export type McpQuestion = {
  message: string;
  requestedSchema: { properties: Record<string, Record<string, unknown>>; required?: string[] };
};

/** What the client's user does with a question: fills the form in (`content` by option key), declines it, or cancels. */
export type McpAnswer =
  | { action: 'accept'; content: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' | 'cancel' };
