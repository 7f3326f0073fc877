import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';
import { normalise } from './support/differential.js';
import { connectStdio, texts } from './support/mcp.js';

// commander 15 is an ES module only, which burgee/commander (CommonJS) requires through require(esm).
// A project whose commander is 15: the built burgee copied into its node_modules (a link would be
// followed back to the repository, whose commander is 14), commander linked to the devDependency
// `commander15`. The same program runs there importing commander and importing burgee/commander.
const burgee = `${repoRoot}packages/burgee`;
const fixture = `${burgee}/test/fixtures/commander15/tasks.mjs`;
const programSchema = JSON.parse(readFileSync(`${burgee}/program-schema.json`, 'utf8')) as object;
const validate = new Ajv2020.default({ strict: true, allErrors: true }).compile(programSchema);

let project = '';
const host = () => `${project}/host/tasks.mjs`;
const adapter = () => `${project}/adapter/tasks.mjs`;

beforeAll(() => {
  const cache = join(repoRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  project = mkdtempSync(join(cache, 'burgee-commander15-'));
  const installed = `${project}/node_modules/burgee`;
  mkdirSync(installed, { recursive: true });
  cpSync(`${burgee}/package.json`, `${installed}/package.json`);
  cpSync(`${burgee}/dist`, `${installed}/dist`, {
    recursive: true,
    filter: (path) => !path.endsWith('.map') && !path.endsWith('.d.ts'),
  });
  symlinkSync(`${repoRoot}node_modules/commander15`, `${project}/node_modules/commander`, 'dir');
  const source = readFileSync(fixture, 'utf8');
  for (const [side, text] of [
    ['adapter', source],
    ['host', source.replace("from 'burgee/commander'", "from 'commander'").replace(/\.effects\('[a-z_]+'\)/g, '')],
  ] as const) {
    mkdirSync(`${project}/${side}`);
    writeFileSync(`${project}/${side}/tasks.mjs`, text);
  }
});
afterAll(() => rmSync(project, { recursive: true, force: true }));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

// commander 15 exports no package.json: its version is read from the file.
// One import after the other: Node refuses a require(esm) of a module that an import() is still loading.
const exportsCheck = (versionFile: string) => `import('commander').then(async (real) => {
  const ours = await import('burgee/commander');
  const required = require('burgee/commander');
  const replaced = ['Command', 'program', 'createCommand'];
  // Node's names for any CommonJS module it imports ('default', and 'module.exports' from Node 23).
  const interop = ['default', 'module.exports'];
  process.stdout.write(JSON.stringify({
    version: JSON.parse(require('node:fs').readFileSync(${JSON.stringify(versionFile)}, 'utf8')).version,
    missing: Object.keys(real).filter((name) => !(name in ours) || !(name in required)),
    notTheSame: Object.keys(real).filter((name) => !replaced.includes(name) && (ours[name] !== real[name] || required[name] !== real[name])),
    extra: Object.keys(ours).filter((name) => !(name in real) && !interop.includes(name)),
    commandExtends: ours.Command.prototype instanceof real.Command,
    requiredIsImported: Object.keys(required).every((name) => required[name] === ours[name]),
  }));
})`;

describe('F1 · burgee/commander over commander 15', () => {
  it("F1 · the peer range admits 15; import and require give commander 15's names, the same objects but the three replaced", async () => {
    const peer = (
      JSON.parse(readFileSync(`${burgee}/package.json`, 'utf8')) as { peerDependencies: Record<string, string> }
    ).peerDependencies.commander;
    expect(peer?.split('||').map((range) => range.trim())).toContain('^15.0.0');
    const check = exportsCheck(`${project}/node_modules/commander/package.json`);
    const { code, stdout, stderr } = await runCli('-e', [check], { cwd: project });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(stdout)).toEqual({
      version: expect.stringMatching(/^15\./),
      missing: [],
      notTheSame: [],
      extra: ['asProgram'],
      commandExtends: true,
      requiredIsImported: true,
    });
  });

  it('F1 · S2 · plain runs are commander 15’s own, byte for byte; --schema validates and lists --tag as repeatable', async () => {
    const lines = [
      ['--help'],
      ['add', 'docs', '--tag', 'a', '--tag', 'b', '--no-color'],
      // A lone --no-x is true until typed: commander 15 sets it when it parses, not when it is declared.
      ['add', 'docs'],
      // commander 15 names the extra arguments.
      ['add', 'a', 'b'],
      ['add', 'docs', '--nope'],
      ['--version'],
    ];
    for (const argv of lines) {
      const [fromHost, fromAdapter] = await Promise.all([runCli(host(), argv), runCli(adapter(), argv)]);
      expect(normalise(fromAdapter, adapter()), argv.join(' ')).toEqual(normalise(fromHost, host()));
    }
    const schema = JSON.parse((await runCli(adapter(), ['--schema'])).stdout);
    expect(validate(schema), JSON.stringify(validate.errors)).toBe(true);
    const add = schema.commands.find((command: { name: string }) => command.name === 'add');
    expect(add.inputSchema.properties.tag).toEqual({
      type: 'array',
      items: { type: 'string' },
      description: 'a tag',
      default: [],
    });
  });

  it('M3 · a tool call with tag: ["a","b"] reaches the program as --tag a --tag b from a person', async () => {
    const person = await runCli(host(), ['add', 'docs', '--tag', 'a', '--tag', 'b', '--label', 'x']);
    expect(person).toMatchObject({ code: 0, stderr: '' });
    const server = await connectStdio(adapter(), { cwd: project });
    cleanups.push(server.close);
    const called = await server.client.callTool({
      name: 'add',
      arguments: { title: 'docs', tag: ['a', 'b'], label: ['x'] },
    });
    expect(called.isError ?? false).toBe(false);
    expect(texts(called).captured).toBe(person.stdout);
    expect(JSON.parse(texts(called).envelope).data).toEqual(JSON.parse(person.stdout));
  });
});
