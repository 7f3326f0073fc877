import { describe, expect, it } from 'vitest';
import { renderProgress } from './progress.js';
import { confirm, select, text } from './prompts.js';

const nobody = { env: { CLAUDECODE: '1' }, stdinIsTTY: true } as const;

describe('A6 · caique prompts never wait on nobody', () => {
  it('A6 · a refusal is a plain { code: USAGE } object naming the flag, with the fix given', async () => {
    const refused = text({ message: 'Name?', flag: '--name', fix: 'tool init --name <value>', ...nobody });
    await expect(refused).rejects.toEqual({
      code: 'USAGE',
      message: '--name is required when nobody is there to answer',
      hint: 'an agent (claude-code) is running this, and agents are never asked: pass --name',
      fix: 'tool init --name <value>',
    });
    await expect(refused).rejects.not.toBeInstanceOf(Error);
  });

  it('A6 · the hint says which part of the rule stopped the prompt', async () => {
    const hint = (binding: object) =>
      text({ message: 'Name?', flag: '--name', ...binding }).catch((refusal: { hint: string }) => refusal.hint);
    expect(await hint({ json: true, stdinIsTTY: true, env: {} })).toBe('a --json run never asks: pass --name');
    expect(await hint({ stdinIsTTY: true, env: { CI: 'true' } })).toBe(
      'CI is set, so nobody is at the terminal: pass --name',
    );
    expect(await hint({ stdinIsTTY: false, env: {} })).toBe('stdin is not a terminal: pass --name');
  });

  it('A6 · without a flag the refusal names the question', async () => {
    await expect(select({ message: 'Which region?', options: [{ value: 'eu' }], ...nobody })).rejects.toMatchObject({
      code: 'USAGE',
      message: '"Which region?" needs an answer, and nobody is there to answer',
    });
  });

  it('A6 · a resolved value is returned and --yes answers a confirm, with nobody there', async () => {
    expect(await text({ message: 'Name?', value: 'ada', ...nobody })).toBe('ada');
    expect(await confirm({ message: 'Go?', yes: true, env: {}, stdinIsTTY: false })).toBe(true);
    await expect(text({ message: 'Name?', yes: true, env: {}, stdinIsTTY: false })).rejects.toMatchObject({
      code: 'USAGE',
    });
  });
});

describe('H5 · progress text', () => {
  it('H5 · a bar with a count when the total is known, the count alone without, one line always', () => {
    expect(renderProgress({ done: 12, total: 24, message: 'copying' })).toBe(
      `${'█'.repeat(12)}${'░'.repeat(12)} 12/24 copying`,
    );
    expect(renderProgress({ done: 30, total: 24 })).toBe(`${'█'.repeat(24)} 30/24`);
    expect(renderProgress({ done: 3, message: 'a\nb' })).toBe('3 a b');
    expect(renderProgress({ done: Number.NaN, total: 0 })).toBe('0');
  });
});
