import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram, toProgram } from '../declaration/define.js';
import { buildManifest } from '../declaration/to-manifest.js';
import { runProgram } from '../testing/index.js';

describe('buildManifest', () => {
  it('D1 · takes a single command as run does: the manifest of a program of that one command', () => {
    const greet = defineCommand({
      name: 'greet',
      effects: 'read_only',
      fields: ['name'],
      options: { name: { type: 'string' } },
      run: () => [],
    });
    const manifest = buildManifest(greet);
    expect(manifest).toEqual(buildManifest(toProgram(greet)));
    expect(manifest.name).toBe('greet');
    expect(manifest.root).toMatchObject({ path: [], name: 'greet', runnable: true, fields: ['name'] });
    const program = buildManifest(defineProgram({ name: 'tool', version: '1.0.0', commands: [greet] }));
    expect(program.root.commands.map((c) => c.path)).toEqual([['greet']]);
    expect(program.version).toBe('1.0.0');
  });
});

describe('env: false', () => {
  const plan = defineCommand({
    name: 'plan',
    effects: 'read_only',
    options: { verbose: { type: 'boolean', env: false }, region: { type: 'string' } },
    run: (ctx) => ({ verbose: ctx.options.verbose ?? false }),
  });
  const program = defineProgram({ name: 'tool', envPrefix: 'TOOL', commands: [plan] });

  it('D3 · keeps an option out of envPrefix: no variable is read, none is shown', async () => {
    const [verbose, region] = buildManifest(program).root.commands[0]!.options;
    expect(verbose).not.toHaveProperty('env');
    expect(region?.env).toBe('TOOL_REGION');
    const run = await runProgram(program, ['plan', '--json'], { env: { TOOL_VERBOSE: '1' } });
    expect(run.json).toMatchObject({ ok: true, data: { verbose: false } });
    const help = await runProgram(program, ['plan', '--help']);
    expect(help.stdout).toContain('[env: TOOL_REGION]');
    expect(help.stdout).not.toContain('TOOL_VERBOSE');
  });

  it('P5 · --explain of such an option lists the flag and default layers only', async () => {
    const explain = await runProgram(program, ['plan', '--explain', 'verbose'], { env: { TOOL_VERBOSE: '1' } });
    expect(explain.exitCode).toBe(0);
    expect(explain.stdout).toBe(
      '--verbose has no value\n  flag    --verbose  (not set)\n  default            (not set)\n',
    );
  });
});

describe('P2 · envPrefix names a variable only for the options of a read_only command', () => {
  // The rule restated: a command that changes anything, or says nothing of what it does (withheld),
  // reads an option from a variable only when the option names it.
  const effects = ['read_only', 'idempotent', 'non_idempotent', 'withheld'] as const;
  it.each(effects)('P2 · %s', (effect) => {
    const command = defineCommand({
      name: 'go',
      effects: effect,
      options: {
        steps: { type: 'number' },
        target: { type: 'string', env: 'GO_TARGET' },
        yes: { type: 'boolean', env: false },
      },
      run: () => null,
    });
    const [steps, target, yes] = buildManifest(defineProgram({ name: 'tool', envPrefix: 'MIG', commands: [command] }))
      .root.commands[0]!.options;
    expect(steps?.env).toBe(effect === 'read_only' ? 'MIG_STEPS' : undefined);
    expect(target?.env).toBe('GO_TARGET');
    expect(yes).not.toHaveProperty('env');
  });
});
