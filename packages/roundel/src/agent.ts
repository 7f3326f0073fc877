/** The environment roundel reads: a plain record so callers pass `process.env` or a test fixture alike. */
export type Env = Readonly<Record<string, string | undefined>>;

// Order matters: the first non-empty variable names the agent (A1).
// CURSOR_TRACE_ID is deliberately absent: Cursor sets it in every human terminal it opens,
// so reading it would treat every person using Cursor's terminal as an agent.
/** The environment variables that name a coding agent, in the order they are consulted. */
export const AGENT_VARIABLES = ['AI_AGENT', 'CLAUDECODE', 'CURSOR_AGENT', 'CODEX_THREAD_ID', 'GEMINI_CLI'] as const;

/** One of the variables in `AGENT_VARIABLES`. */
export type AgentVariable = (typeof AGENT_VARIABLES)[number];

// AI_AGENT carries its own name, so it has no fixed entry here.
const FIXED_NAMES: Readonly<Record<Exclude<AgentVariable, 'AI_AGENT'>, string>> = {
  CLAUDECODE: 'claude-code',
  CURSOR_AGENT: 'cursor',
  CODEX_THREAD_ID: 'codex',
  GEMINI_CLI: 'gemini',
};

/** Names the coding agent running this process from the first non-empty agent variable, or `undefined` when none is set. */
export function detectAgent(env: Env): string | undefined {
  for (const variable of AGENT_VARIABLES) {
    const value = env[variable];
    // An empty value is how shells "unset" a variable for a child, so it must not count.
    if (value === undefined || value === '') continue;
    if (variable !== 'AI_AGENT') return FIXED_NAMES[variable];
    // AI_AGENT=1 is the generic "some agent" flag, which carries no name of its own.
    return value === '1' ? 'generic' : value;
  }
  return undefined;
}
