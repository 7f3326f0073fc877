import type * as Commander from 'commander';
import { describe, expectTypeOf, it } from 'vitest';
import {
  Argument,
  type Command,
  type CommanderError,
  createOption,
  type Help,
  type InvalidArgumentError,
  Option,
  type OptionValues,
  program,
} from './index.js';

// The names commander exports are restated here, not re-exported with `export *`: each class must
// stay usable as commander's own, as a value and as a type, in a strict project.
describe("F1 · burgee/commander's names type as commander's", () => {
  it('F1 · classes are values and types; interfaces and helpers come through', () => {
    const option: Option = new Option('-r, --region <region>').choices(['eu', 'us']);
    expectTypeOf(option).toEqualTypeOf<Commander.Option>();
    expectTypeOf(new Argument('<target>')).toEqualTypeOf<Commander.Argument>();
    expectTypeOf(createOption('--dry-run')).toEqualTypeOf<Commander.Option>();
    expectTypeOf<Help>().toEqualTypeOf<Commander.Help>();
    expectTypeOf<InvalidArgumentError>().toMatchTypeOf<CommanderError>();
    expectTypeOf<OptionValues>().toEqualTypeOf<Commander.OptionValues>();
    expectTypeOf(program).toEqualTypeOf<Command>();
    expectTypeOf(program.command('deploy')).toEqualTypeOf<Command>();
    expectTypeOf<Command>().toMatchTypeOf<Commander.Command>();
    class Custom extends Option {}
    expectTypeOf(new Custom('-x')).toMatchTypeOf<Commander.Option>();
  });
});
