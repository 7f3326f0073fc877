import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command as Commander, asProgram as commanderProgram } from 'burgee/commander';
import { runProgram } from 'burgee/testing';
import yargs, { asProgram as yargsProgram } from 'burgee/yargs';
import { afterAll, describe, expect, it } from 'vitest';

// What a program registered stays what it registered, before and after burgee has run it (F1, F2):
// a test or a plugin that reads the host's own tables back finds the program's objects there.
const scratch = mkdtempSync(join(tmpdir(), 'burgee-identity-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Record = { builder: unknown; handler: unknown; original: string };
const handlersOf = (instance: ReturnType<typeof yargs>): { [name: string]: Record } =>
  instance.getInternalMethods().getCommandInstance().getCommandHandlers();

describe('F2 · burgee/yargs keeps what yargs stores', () => {
  it("F2 · builders and handlers stay the program's objects; a function handler's this is yargs' command record", async () => {
    const seen: unknown[] = [];
    const builder = (y: ReturnType<typeof yargs>) => y.positional('name', { type: 'string' }).effects('read_only');
    function handler(this: unknown, argv: { name: string }) {
      seen.push(this);
      return { hello: argv.name };
    }
    const fail = () => {};
    const instance = yargs().scriptName('greet').fail(fail).command('hi <name>', 'Greets', builder, handler);
    const before = handlersOf(instance).hi!;
    expect(before.builder).toBe(builder);
    expect(before.handler).toBe(handler);

    const program = await yargsProgram(instance);
    const json = await runProgram(program, ['hi', 'ann', '--json']);
    expect(json.json).toEqual({ ok: true, data: { hello: 'ann' }, meta: { provenance: {} } });
    const plain = await runProgram(program, ['hi', 'bob']);
    expect(plain.exitCode).toBe(0);

    const after = handlersOf(instance).hi!;
    expect(after).toBe(before);
    expect(after.builder).toBe(builder);
    expect(after.handler).toBe(handler);
    // Called by yargs as `commandHandler.handler(argv)`, under --json and on a plain run alike.
    expect(seen).toEqual([before, before]);
  });

  it("F2 · a refusal under --json leaves the program's .fail() function registered and uncalled", async () => {
    const calls: unknown[] = [];
    const instance = yargs()
      .scriptName('strict')
      .strict()
      .fail((message: string) => calls.push(message))
      .command('go', 'Goes', {}, () => 'went');
    const result = await runProgram(await yargsProgram(instance), ['go', '--nope', '--json']);
    expect(result.exitCode).toBe(2);
    expect(result.json).toMatchObject({ ok: false, error: { code: 2, message: 'Unknown argument: nope' } });
    expect(calls).toEqual([]);
    const plain = await runProgram(await yargsProgram(instance), ['go', '--nope']);
    expect(plain.exitCode).toBe(0);
    expect(calls).toEqual(['Unknown argument: nope']);
  });

  it("F2 · the factory takes yargs' three parameters: commandDir loads modules with the parentRequire given", () => {
    const dir = join(scratch, 'commands');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'ping.js'), '');
    const required: string[] = [];
    const parentRequire = (path: string) => {
      required.push(path);
      return { command: 'ping', describe: 'Pings', handler: () => 'pong' };
    };
    const instance = yargs([], scratch, parentRequire).commandDir(dir);
    expect(required).toEqual([join(dir, 'ping.js')]);
    expect(Object.keys(handlersOf(instance))).toEqual(['ping']);
    expect(yargs.length).toBe(0);
  });
});

describe('F1 · burgee/commander keeps what commander stores', () => {
  it("F1 · the action and exit callback a command holds are commander's own after burgee ran it; this is the command", async () => {
    const seen: unknown[] = [];
    const program = new Commander('greet').exitOverride();
    const hi = program
      .command('hi')
      .argument('<name>')
      .effects('read_only')
      .action(function (this: unknown, name: string) {
        seen.push(this);
        return { hello: name };
      });
    type Own = {
      _actionHandler: unknown;
      _exitCallback: unknown;
      _outputConfiguration: unknown;
      _lifeCycleHooks: unknown;
    };
    const own = hi as unknown as Own;
    const held = (o: Own) => ({
      action: o._actionHandler,
      exit: o._exitCallback,
      output: o._outputConfiguration,
      hooks: o._lifeCycleHooks,
    });
    const before = held(own);

    const json = await runProgram(await commanderProgram(program), ['hi', 'ann', '--json']);
    expect(json.json).toEqual({ ok: true, data: { hello: 'ann' }, meta: { provenance: {} } });
    // What a parse writes is left as commander leaves it: plain fields holding that run's values.
    expect({ args: hi.args, field: Object.getOwnPropertyDescriptor(hi, 'args') }).toEqual({
      args: ['ann'],
      field: { value: ['ann'], writable: true, enumerable: true, configurable: true },
    });
    await program.parseAsync(['hi', 'bob'], { from: 'user' });

    const after = held(own);
    expect(after).toEqual(before);
    for (const key of Object.keys(before) as (keyof typeof before)[]) expect(after[key]).toBe(before[key]);
    expect(seen).toEqual([hi, hi]);
  });
});
