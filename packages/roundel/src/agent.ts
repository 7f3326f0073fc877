/** The environment roundel reads: a plain record so callers pass `process.env` or a test fixture alike. */
export type Env = Readonly<Record<string, string | undefined>>;

/** One row of the agent table: a variable an agent harness sets for the commands it runs, and the agent it names. */
export type AgentVariable = {
  readonly variable: string;
  /** The agent's name; absent on `AI_AGENT`, whose value is the name. */
  readonly agent?: string;
  /** When given, only this exact value names the agent: the variable's other values are set in people's terminals too. */
  readonly value?: string;
};

// The order is the precedence (A1): the first row that matches names the agent, so AI_AGENT, the
// one variable that says its own name, comes first. Variables a person's own terminal also carries
// (CURSOR_TRACE_ID, TERM_PROGRAM, a bare REPL_ID, any other CURSOR_EXTENSION_HOST_ROLE) are
// deliberately absent: reading them would take people for agents and never ask them anything.
/** The variables that name a coding agent, in the order they are consulted (A1). */
export const AGENT_VARIABLES: readonly AgentVariable[] = [
  { variable: 'AI_AGENT' },
  { variable: 'CLAUDECODE', agent: 'claude-code' },
  { variable: 'CLAUDE_CODE', agent: 'claude-code' },
  { variable: 'CLAUDE_CODE_IS_COWORK', agent: 'claude-code' },
  { variable: 'CURSOR_AGENT', agent: 'cursor' },
  { variable: 'CURSOR_EXTENSION_HOST_ROLE', value: 'agent-exec', agent: 'cursor' },
  { variable: 'CODEX_THREAD_ID', agent: 'codex' },
  { variable: 'CODEX_SANDBOX', agent: 'codex' },
  { variable: 'CODEX_CI', agent: 'codex' },
  { variable: 'GEMINI_CLI', agent: 'gemini' },
  { variable: 'ANTIGRAVITY_AGENT', agent: 'antigravity' },
  { variable: 'AUGMENT_AGENT', agent: 'augment' },
  { variable: 'OPENCODE_CLIENT', agent: 'opencode' },
  { variable: 'OPENCODE', agent: 'opencode' },
  { variable: 'CLINE_ACTIVE', agent: 'cline' },
  { variable: 'COPILOT_MODEL', agent: 'copilot' },
  { variable: 'COPILOT_ALLOW_ALL', agent: 'copilot' },
];

/** Names the coding agent running this process from the first matching row of `AGENT_VARIABLES`, or `undefined` when none matches. */
export function detectAgent(env: Env): string | undefined {
  for (const row of AGENT_VARIABLES) {
    const value = env[row.variable];
    // An empty value is how shells "unset" a variable for a child, so it must not count.
    if (value === undefined || value === '') continue;
    if (row.value !== undefined && value !== row.value) continue;
    if (row.agent !== undefined) return row.agent;
    // AI_AGENT=1 is the generic "some agent" flag, which carries no name of its own.
    return value === '1' ? 'generic' : value;
  }
  return undefined;
}
