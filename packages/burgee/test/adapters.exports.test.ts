import { describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';

// burgee/commander is built as CommonJS and requires commander's CommonJS module (one module fewer at
// every start than its ES wrapper, N1), so it restates the wrapper's list of names: this holds the two
// together, in a real process on the built package, as a program that changed its import would see them.
const compare = `Promise.all([
  import('commander'),
  import('burgee/commander'),
  import(require('node:url').pathToFileURL(require.resolve('commander')).href),
]).then(([real, ours, realCommonJs]) => {
  const required = require('burgee/commander');
  // The names Node adds to any CommonJS module it imports: 'default', and 'module.exports' from Node 23.
  const interop = Object.keys(realCommonJs).filter((name) => !(name in require('commander')));
  const replaced = ['Command', 'program', 'createCommand'];
  const report = {
    missing: Object.keys(real).filter((name) => !(name in ours)),
    notTheSame: Object.keys(real).filter((name) => !replaced.includes(name) && ours[name] !== real[name]),
    extra: Object.keys(ours).filter((name) => !(name in real) && !interop.includes(name)),
    interopIsDefault: interop.includes('default') && ours.default === required,
    commandExtends: ours.Command.prototype instanceof real.Command,
    programIsOurs: ours.program instanceof ours.Command && ours.createCommand('x') instanceof ours.Command,
    optionIsReal: new ours.Option('-r, --region <region>') instanceof real.Option,
    requiredExtra: Object.keys(required).filter((name) => !(name in real)),
    requiredIsImported: Object.keys(required).every((name) => required[name] === ours[name]),
  };
  process.stdout.write(JSON.stringify(report));
})`;

describe('F1 · burgee/commander exports what commander exports', () => {
  it("F1 · every name of commander's, the same objects but Command, program and createCommand, which are burgee's; require and import give one module", async () => {
    const { code, stdout, stderr } = await runCli('-e', [compare]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(stdout)).toEqual({
      missing: [],
      notTheSame: [],
      extra: ['asProgram'],
      interopIsDefault: true,
      commandExtends: true,
      programIsOurs: true,
      optionIsReal: true,
      requiredExtra: ['asProgram'],
      requiredIsImported: true,
    });
  });
});
