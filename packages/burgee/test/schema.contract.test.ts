import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { runProgram } from '../src/testing/index.js';
import { example, repoRoot, runCli } from './support/cli.js';

const programSchema = JSON.parse(readFileSync(`${repoRoot}packages/burgee/program-schema.json`, 'utf8')) as object;
const validate = new Ajv2020.default({ strict: true, allErrors: true }).compile(programSchema);

describe('--schema, as an agent reads it', () => {
  it('S2 · tool deploy --schema --field inputSchema prints exactly the S2 document', async () => {
    const result = await runCli(example('deploy'), ['deploy', '--schema', '--field', 'inputSchema']);
    expect(result.stdout).toBe(
      '{"type":"object","properties":{"target":{"type":"string","description":"where to deploy"},"yes":{"type":"boolean","description":"skip the confirmation"}},"required":["target"],"additionalProperties":false}\n',
    );
    expect(result.code).toBe(0);
  });

  it('S2 · A6 · an option bound to a prompt without a default is required, and its description says a person is asked', async () => {
    const result = await runCli(example('ship'), ['rollback', '--schema']);
    const command = JSON.parse(result.stdout);
    expect(command.inputSchema.required).toEqual(['service', 'reason']);
    expect(command.inputSchema.properties.reason.description).toBe(
      'why, for the rollback log; a person at a terminal is asked for it',
    );
    // N5: options[] says how each is typed on a command line and which variable may give it; what a
    // caller must pass is inputSchema's required alone.
    expect(command.options).toEqual([
      { name: 'service', flag: '--service', env: 'SHIP_SERVICE' },
      { name: 'reason', flag: '--reason', env: 'SHIP_REASON' },
    ]);
    // What the schema says is what the run does: a caller who leaves one out is refused.
    const refused = await runCli(example('ship'), ['rollback', '--service', 'api', '--json']);
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout).error.message).toBe('--reason is required when nobody is there to answer');
  });

  it('S2 · A6 · a default fills a prompt-bound option, so it is neither required nor said to be asked', async () => {
    const program = defineCommand({
      name: 'tool',
      effects: 'read_only',
      options: {
        name: { type: 'string', description: 'who', prompt: { message: 'Name?' } },
        greeting: { type: 'string', description: 'how', default: 'hello', prompt: { message: 'Greeting?' } },
        bare: { type: 'string', prompt: { message: 'Anything?' } },
      },
      run: () => null,
    });
    const { json } = await runProgram(program, ['--schema']);
    const input = (
      json as {
        commands: [{ inputSchema: { required: string[]; properties: Record<string, { description?: string }> } }];
      }
    ).commands[0].inputSchema;
    expect(input.required).toEqual(['name', 'bare']);
    expect(input.properties.greeting?.description).toBe('how');
    expect(input.properties.bare?.description).toBe('A person at a terminal is asked for it');
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
  });

  it('S3 · --field effects prints "non_idempotent"; tool --schema deploy drills the same way', async () => {
    const drilled = await runCli(example('deploy'), ['deploy', '--schema', '--field', 'effects']);
    expect(drilled.stdout).toBe('"non_idempotent"\n');
    const before = await runCli(example('deploy'), ['--schema', 'deploy', '--field', 'effects']);
    expect(before.stdout).toBe('"non_idempotent"\n');
  });

  it('S3 · an unknown field step is a usage error listing the fields there', async () => {
    const result = await runCli(example('deploy'), ['deploy', '--schema', '--field', 'inputSchema.nope', '--json']);
    expect(result.code).toBe(2);
    const envelope = JSON.parse(result.stdout);
    expect(envelope.error.message).toContain('nope');
    expect(envelope.error.hint).toBe('fields there: type, properties, required, additionalProperties');
  });

  for (const name of ['deploy', 'ship'] as const) {
    it(`S5 · the full --schema of the ${name} example validates against program-schema.json (ajv, 2020-12)`, async () => {
      const result = await runCli(example(name), ['--schema']);
      expect(result.code).toBe(0);
      expect(result.stdout.endsWith('}\n')).toBe(true);
      expect(result.stdout.trim().includes('\n')).toBe(false);
      const document = JSON.parse(result.stdout);
      expect(document.summarised).toBeUndefined();
      expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    });
  }

  it('S5 · program-schema.json rejects a document that breaks it', async () => {
    const result = await runCli(example('ship'), ['--schema']);
    const document = JSON.parse(result.stdout);
    document.commands[0].effects = 'sometimes';
    expect(validate(document)).toBe(false);
  });

  it('S1 · withheld commands are listed as withheld; hidden ones are not listed', async () => {
    const document = JSON.parse((await runCli(example('ship'), ['--schema'])).stdout);
    const names = document.commands.map((c: { name: string }) => c.name);
    expect(names).toEqual(['status', 'config get', 'config set', 'release', 'rollback', 'db backup', 'db drop']);
    expect(document.commands.find((c: { name: string }) => c.name === 'db drop').effects).toBe('withheld');
  });

  it('S4 · a program larger than its budget prints the summary, which validates too; drilling still gives the full command', async () => {
    const commands = Array.from({ length: 60 }, (_, i) =>
      defineCommand({
        name: `task-${i}`,
        description: `Task number ${i}. It has a long description so the document grows past the budget.`.repeat(3),
        effects: 'read_only',
        options: Object.fromEntries(
          Array.from({ length: 8 }, (_, j) => [
            `option${j}`,
            { type: 'string' as const, description: `option ${j} of task ${i}` },
          ]),
        ),
        run: () => null,
      }),
    );
    const big = defineProgram({ name: 'big', commands });
    const summary = await runProgram(big, ['--schema']);
    expect(summary.exitCode).toBe(0);
    const document = summary.json as { summarised: boolean; budget: number; hint: string; commands: unknown[] };
    expect(document.summarised).toBe(true);
    expect(document.budget).toBe(48_000);
    expect(document.hint).toContain('big <command> --schema');
    expect(document.commands[0]).toEqual({ name: 'task-0', summary: 'Task number 0.', effects: 'read_only' });
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    const full = await runProgram(big, ['--schema', '--budget', '1000000']);
    expect((full.json as { summarised?: boolean }).summarised).toBeUndefined();
    const drilled = await runProgram(big, ['task-59', '--schema']);
    expect((drilled.json as { options: unknown[] }).options).toHaveLength(8);
  });

  it('X3 · --schema --full prints the whole document past the budget, at the root and in a group; validates', async () => {
    const commands = Array.from({ length: 30 }, (_, i) =>
      defineCommand({ name: `task-${i}`, description: `Task number ${i}.`, effects: 'read_only', run: () => null }),
    );
    const small = defineProgram({
      name: 'small',
      schemaBudget: 600,
      commands: [defineCommand({ name: 'jobs', description: 'Jobs', commands })],
    });
    expect((await runProgram(small, ['--schema'])).json).toMatchObject({ summarised: true, budget: 600 });
    const full = await runProgram(small, ['--schema', '--full']);
    expect(full.exitCode).toBe(0);
    const document = full.json as { summarised?: true; commands: { name: string; inputSchema: object }[] };
    expect(document.summarised).toBeUndefined();
    expect(document.commands.map((c) => c.name)).toEqual(commands.map((c) => `jobs ${c.name}`));
    expect(full.stdout.length).toBeGreaterThan(600);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    const group = await runProgram(small, ['jobs', '--schema', '--full', '--field', 'commands.29.name']);
    expect(group.stdout).toBe('"jobs task-29"\n');
    // Within the budget, --full changes nothing: the same bytes.
    const ship = await runCli(example('ship'), ['--schema']);
    expect((await runCli(example('ship'), ['--schema', '--full'])).stdout).toBe(ship.stdout);
  });

  it.each(['commander', 'yargs'])('X3 · --schema --full of a %s program is its whole document', async (host) => {
    const script = `${repoRoot}packages/burgee/test/fixtures/adapters/${host}.mjs`;
    const summary = await runCli(script, ['--schema', '--budget', '600']);
    expect(JSON.parse(summary.stdout)).toMatchObject({ summarised: true });
    const full = await runCli(script, ['--schema', '--full']);
    expect(full.code).toBe(0);
    expect(full.stdout).toBe((await runCli(script, ['--schema'])).stdout);
    expect(validate(JSON.parse(full.stdout)), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each([
    ['--budget', '900', 'fit'],
    ['--page', '2', 'turn'],
  ])('X3 · --full with %s is a usage error whose fix drops it', async (flag, value, verb) => {
    const result = await runCli(example('ship'), ['--schema', '--full', flag, value, '--json']);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout).error).toMatchObject({
      message: `--full prints the whole document, so ${flag} has nothing to ${verb}`,
      fix: 'ship --schema --full',
    });
    const alone = await runCli(example('ship'), ['--full', '--json']);
    expect(JSON.parse(alone.stdout).error).toMatchObject({ message: '--full works only with --schema' });
  });

  it('S3 · drilling into a group lists its commands; a hidden command cannot be drilled into', async () => {
    const group = await runCli(example('ship'), ['config', '--schema']);
    expect(group.code).toBe(0);
    const document = JSON.parse(group.stdout);
    expect(document).toMatchObject({ name: 'ship', group: 'config' });
    expect(document.commands.map((c: { name: string }) => c.name)).toEqual(['config get', 'config set']);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    const hidden = await runCli(example('ship'), ['debug', '--schema', '--json']);
    expect(hidden.code).toBe(2);
    expect(JSON.parse(hidden.stdout).error.hint).toBe('ship --schema lists every command');
  });

  it('S4 · --schema --budget overrides the budget per call, and the output stays within it', async () => {
    const result = await runCli(example('ship'), ['--schema', '--budget', '820']);
    expect(JSON.parse(result.stdout)).toMatchObject({ summarised: true, detail: 'names', budget: 820 });
    expect(result.stdout.trimEnd().length).toBeLessThanOrEqual(820);
  });

  it('S4 · a budget too small for one entry is a usage error whose fix names the smallest that works', async () => {
    const result = await runCli(example('ship'), ['--schema', '--budget', '100', '--json']);
    expect(result.code).toBe(2);
    const { error } = JSON.parse(result.stdout);
    expect(error.message).toBe('a budget of 100 characters cannot hold even one entry of ship --schema');
    const smallest = Number(/--budget (\d+)$/.exec(error.fix)?.[1]);
    const fixed = await runCli(example('ship'), ['--schema', '--budget', String(smallest)]);
    expect(fixed.code).toBe(0);
    expect(fixed.stdout.trimEnd().length).toBeLessThanOrEqual(smallest);
    expect(JSON.parse(fixed.stdout)).toMatchObject({ truncated: true, page: 1 });
  });

  it.each(['1', '10', '99'])(
    'S4 · --schema --budget %s: the fix names a budget that passes, though its number has more digits',
    async (typed) => {
      const result = await runCli(example('ship'), ['--schema', '--budget', typed, '--json']);
      expect(result.code).toBe(2);
      const { error } = JSON.parse(result.stdout);
      const smallest = Number(/^ship --schema --budget (\d+)$/.exec(error.fix)?.[1]);
      const fixed = await runCli(example('ship'), ['--schema', '--budget', String(smallest)]);
      expect(fixed.code, fixed.stderr).toBe(0);
      expect(fixed.stdout.trimEnd().length).toBeLessThanOrEqual(smallest);
      // The smallest: one character less holds no entry.
      const less = await runCli(example('ship'), ['--schema', '--budget', String(smallest - 1), '--json']);
      expect(less.code).toBe(2);
      expect(JSON.parse(less.stdout).error.fix).toBe(`ship --schema --budget ${smallest}`);
    },
  );
});
