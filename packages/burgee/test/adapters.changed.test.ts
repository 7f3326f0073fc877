import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';

// E4 holds for a command read from commander or yargs as for a declared one: an idempotent
// command's envelope carries meta.changed, and one whose action does not say is refused (exit 1).
const fixtures = `${repoRoot}packages/burgee/test/fixtures/adapters/`;
const programs = [
  ['commander', `${fixtures}commander-idempotent.mjs`, ['config', 'set']],
  ['yargs', `${fixtures}yargs-idempotent.mjs`, ['set']],
] as const;

describe.each(programs)('E4 · an idempotent command of a burgee/%s program', (_, script, set) => {
  it('E4 · carries meta.changed, as its action returned it', async () => {
    const changed = await runCli(script, [...set, 'colour', '--json']);
    expect(changed.code).toBe(0);
    expect(JSON.parse(changed.stdout)).toEqual({
      ok: true,
      data: { key: 'colour', changed: true },
      meta: { provenance: {}, changed: true },
    });
    const same = await runCli(script, [...set, 'same', '--json']);
    expect(JSON.parse(same.stdout).meta.changed).toBe(false);
  });

  it('E4 · one whose action does not say fails with exit 1 naming the rule and the command', async () => {
    const result = await runCli(script, ['touch', '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout).error).toMatchObject({
      code: 1,
      message: 'cfg touch is idempotent and must return an object with a boolean "changed"',
    });
  });

  it('E4 · a plain run is the host library’s own, unchanged', async () => {
    const result = await runCli(script, ['touch']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
  });
});
