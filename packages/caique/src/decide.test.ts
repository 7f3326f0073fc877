import { describe, expect, it } from 'vitest';
import { type DecideInput, type Decision, decide, PromptKind } from './decide.js';

// The rule restated from A6 and A3 in the test's own words, not by calling roundel:
// 1. a value from any layer is kept, nobody is asked;
// 2. --json refuses (a --json caller never answers), whatever else is set;
// 3. --yes answers a confirm, and nothing else;
// 4. a person may be asked only when FORCE_TTY=1, or when stdin is a terminal, no agent variable is
//    set (non-empty) and CI is unset or empty; otherwise refuse;
// 5. stdout never matters: prompts are drawn on stderr.
//    The agent variables and values (A1), and variables a person's own terminal carries too:
const AGENT_SETTINGS = [
  'AI_AGENT=1',
  'CLAUDECODE=1',
  'CLAUDE_CODE=1',
  'CLAUDE_CODE_IS_COWORK=1',
  'CURSOR_AGENT=1',
  'CURSOR_EXTENSION_HOST_ROLE=agent-exec',
  'CODEX_THREAD_ID=1',
  'CODEX_SANDBOX=seatbelt',
  'CODEX_CI=1',
  'GEMINI_CLI=1',
  'ANTIGRAVITY_AGENT=1',
  'AUGMENT_AGENT=1',
  'OPENCODE_CLIENT=cli',
  'OPENCODE=1',
  'CLINE_ACTIVE=true',
  'COPILOT_MODEL=gpt-5',
  'COPILOT_ALLOW_ALL=true',
] as const;
const PEOPLE_SETTINGS = [
  'CURSOR_TRACE_ID=1',
  'TERM_PROGRAM=vscode',
  'REPL_ID=1',
  'CURSOR_EXTENSION_HOST_ROLE=user',
] as const;

function expected(c: Case): Decision['action'] | 'refuse-json' | 'refuse-nobody' {
  if (c.hasValue) return 'use';
  if (c.json) return 'refuse-json';
  if (c.yes && c.kind === 'confirm') return 'answer-yes';
  const agent = (AGENT_SETTINGS as readonly string[]).includes(c.agent ?? '');
  const ci = c.ci !== undefined && c.ci !== '';
  const personThere = c.forceTty === '1' || (c.stdinIsTTY && !agent && !ci);
  return personThere ? 'ask' : 'refuse-nobody';
}

type Case = {
  hasValue: boolean;
  kind: PromptKind;
  json: boolean;
  yes: boolean;
  ci: string | undefined;
  /** The one variable set, as `NAME=value`: an agent's, or one a person's terminal carries too (not an agent). */
  agent: (typeof AGENT_SETTINGS)[number] | (typeof PEOPLE_SETTINGS)[number] | undefined;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  forceTty: string | undefined;
};

const bools = [false, true] as const;
const cases: Case[] = [];
for (const hasValue of bools)
  for (const kind of Object.values(PromptKind))
    for (const json of bools)
      for (const yes of bools)
        for (const ci of [undefined, '', 'true'])
          for (const agent of [undefined, ...AGENT_SETTINGS, ...PEOPLE_SETTINGS] as const)
            for (const stdinIsTTY of bools)
              for (const stdoutIsTTY of bools)
                for (const forceTty of [undefined, '1', '0'])
                  cases.push({ hasValue, kind, json, yes, ci, agent, stdinIsTTY, stdoutIsTTY, forceTty });

function inputOf(c: Case): DecideInput {
  const env: Record<string, string> = {};
  if (c.ci !== undefined) env.CI = c.ci;
  if (c.agent !== undefined) {
    const [name, value] = c.agent.split('=') as [string, string];
    env[name] = value;
  }
  if (c.forceTty !== undefined) env.FORCE_TTY = c.forceTty;
  return {
    hasValue: c.hasValue,
    kind: c.kind,
    json: c.json,
    yes: c.yes,
    env,
    terminal: { stdinIsTTY: c.stdinIsTTY, stdoutIsTTY: c.stdoutIsTTY },
  };
}

const flatten = (d: Decision): string => (d.action === 'refuse' ? `refuse-${d.reason}` : d.action);

describe('A6 · decide() over every combination', () => {
  it(`A6 · ${cases.length} cases agree with the rule restated independently`, () => {
    const wrong = cases.filter((c) => flatten(decide(inputOf(c))) !== expected(c));
    expect(wrong).toEqual([]);
    // Not vacuous: every outcome occurs in the table.
    const outcomes = new Set(cases.map((c) => flatten(decide(inputOf(c)))));
    expect([...outcomes].sort()).toEqual(['answer-yes', 'ask', 'refuse-json', 'refuse-nobody', 'use']);
  });

  it('A6 · the order is the rule: --json refuses even a confirm with --yes; a value beats --json', () => {
    const base = inputOf({
      hasValue: false,
      kind: 'confirm',
      json: true,
      yes: true,
      ci: undefined,
      agent: undefined,
      stdinIsTTY: true,
      stdoutIsTTY: true,
      forceTty: undefined,
    });
    expect(decide(base)).toEqual({ action: 'refuse', reason: 'json' });
    expect(decide({ ...base, hasValue: true })).toEqual({ action: 'use' });
    expect(decide({ ...base, json: false })).toEqual({ action: 'answer-yes' });
    expect(decide({ ...base, json: false, yes: false })).toEqual({ action: 'ask' });
  });

  it('A3 · an agent on a real terminal, and CI with a pseudo-terminal, are nobody; FORCE_TTY=1 overrides both', () => {
    const terminal = { stdinIsTTY: true, stdoutIsTTY: true };
    const ask = (env: Record<string, string>) =>
      decide({ hasValue: false, kind: 'text', json: false, yes: false, env, terminal }).action;
    expect(ask({ CLAUDECODE: '1' })).toBe('refuse');
    expect(ask({ CI: '1' })).toBe('refuse');
    expect(ask({ CLAUDECODE: '1', CI: '1', FORCE_TTY: '1' })).toBe('ask');
    expect(ask({})).toBe('ask');
  });
});
