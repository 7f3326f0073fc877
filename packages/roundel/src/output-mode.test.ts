import { describe, expect, it } from 'vitest';
import { isOutputMode, OutputMode, outputMode } from './output-mode.js';

type Env = Record<string, string | undefined>;

describe('outputMode', () => {
  const cases: ReadonlyArray<
    readonly [title: string, json: boolean, env: Env, stdoutIsTTY: boolean, mode: OutputMode]
  > = [
    ['--json wins over a terminal', true, {}, true, 'json'],
    ['--json wins over an agent', true, { CLAUDECODE: '1' }, true, 'json'],
    ['--json on a pipe', true, {}, false, 'json'],
    ['an agent on a terminal', false, { CLAUDECODE: '1' }, true, 'agent'],
    ['an agent on a pipe', false, { AI_AGENT: 'amp' }, false, 'agent'],
    ['a person at a terminal', false, {}, true, 'tty'],
    ['a pipe with no agent', false, {}, false, 'plain'],
    ['CURSOR_TRACE_ID is a person', false, { CURSOR_TRACE_ID: 'abc' }, true, 'tty'],
    ['an empty agent variable is no agent', false, { GEMINI_CLI: '' }, false, 'plain'],
    ['CI on a terminal still draws', false, { CI: 'true' }, true, 'tty'],
  ];

  it.each(cases)('H5 · %s', (_title, json, env, stdoutIsTTY, mode) => {
    expect(outputMode({ json, env, stdoutIsTTY })).toBe(mode);
  });
});

describe('OutputMode', () => {
  it('H5 · lists exactly the four modes', () => {
    expect(Object.values(OutputMode).sort()).toEqual(['agent', 'json', 'plain', 'tty']);
  });

  it('H5 · isOutputMode accepts the modes and nothing else', () => {
    for (const mode of Object.values(OutputMode)) expect(isOutputMode(mode)).toBe(true);
    for (const other of ['JSON', 'human', '', undefined, null, 0, {}]) expect(isOutputMode(other)).toBe(false);
  });
});
