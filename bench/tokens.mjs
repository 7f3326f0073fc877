// What an agent pays, in tokens, counted with a real o200k tokenizer (gpt-tokenizer's o200k_base, the
// encoding of OpenAI's GPT-4o and later models) on the exact bytes each surface prints or sends.
// First, burgee against incur on one 20-command, four-group program (bench/tokens/cloud-*.mjs), over
// three tasks an agent does, by each framework's own paths (bench/tokens/paths.mjs; bench/README.md).
// Then, per example, each of burgee's surfaces: the MCP tool list, --schema, --llms, the root SKILL.md
// (and its front matter alone) and --help.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_INHERITED_ENV_VARS } from '@modelcontextprotocol/client/stdio';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { env } from './measure.mjs';
import { writeProgram } from './scale-program.mjs';
import { listAll, openSession } from './tokens/mcp-wire.mjs';
import { measurePaths } from './tokens/paths.mjs';
import { INCUR_VERSION, installedVersion, installIncur, node22 } from './tokens/setup.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values: flags } = parseArgs({ options: { dump: { type: 'string' } } });
for (const name of DEFAULT_INHERITED_ENV_VARS) if (!(name in env)) delete process.env[name];

const line = (cells) => `| ${cells.join(' | ')} |`;
const fmt = (n) => n.toLocaleString('en-US');
const tokensOf = (pieces) => pieces.reduce((sum, piece) => sum + countTokens(piece.text), 0);

// Part 1: the cloud program, burgee against incur.

/** What a run of the cloud program gets: the stripped environment, and the API token an agent has. */
const cloudEnv = { ...env, CLOUD_TOKEN: 'tok_bench_4f9c2a' };
/**
 * How each framework's agent surfaces say to call a command (burgee's skill and --llms say
 * `--json --lean`; incur prints TOON unasked), and how its `--llms` index says to read one command in
 * full (burgee: `<command> --llms`; incur: `<command> --schema`).
 */
const FRAMEWORKS = [
  {
    name: 'burgee',
    program: 'cloud',
    file: join(root, 'bench/tokens/cloud-burgee.mjs'),
    runFlags: ['--json', '--lean'],
    oneCommand: '--llms',
  },
  {
    name: 'incur',
    program: 'cloud',
    file: join(root, 'bench/tokens/cloud-incur.mjs'),
    runFlags: [],
    oneCommand: '--schema',
  },
];

const ROWS = [
  ['a', 'skills: front matter of every installed skill', 'skills'],
  ['a', 'MCP, default: `tools/list`', 'mcpDefault'],
  ['a', 'MCP, every tool listed: `tools/list`', 'mcpAll'],
  ['b', 'skills: session start + skill file(s) + run', 'skills'],
  ['b', 'CLI only: `--llms` → one command in full → run', 'cli'],
  ['b', 'MCP, default: list + call(s)', 'mcpDefault'],
  ['b', 'MCP, every tool listed: list + call', 'mcpAll'],
  ['c', 'skills: session start + skill files + 5 runs', 'skills'],
  ['c', 'CLI only: `--llms` → 5 × (one command in full → run)', 'cli'],
  ['c', 'MCP, default: list + calls', 'mcpDefault'],
  ['c', 'MCP, every tool listed: list + 5 calls', 'mcpAll'],
];

/** Both programs must offer the same commands with the same options (burgee may also list its secret `token`). */
function checkSame(burgee, incur) {
  const byName = (tools) => new Map(tools.map((tool) => [tool.name.replace(/[^a-z0-9]+/gi, '_'), tool]));
  const [b, i] = [byName(burgee.tools.all), byName(incur.tools.all)];
  if (b.size !== 20 || [...i.keys()].sort().join() !== [...b.keys()].sort().join()) {
    throw new Error(`the two cloud programs list different tools: ${[...b.keys()]} / ${[...i.keys()]}`);
  }
  for (const [name, tool] of i) {
    const mine = Object.keys(b.get(name).inputSchema.properties ?? {});
    const theirs = Object.keys(tool.inputSchema.properties ?? {});
    const extra = mine.filter((key) => !theirs.includes(key) && key !== 'token');
    if (
      extra.length > 0 ||
      theirs.some((key) => !mine.includes(key)) ||
      !b.get(name).description.includes(tool.description)
    ) {
      throw new Error(`${name} differs between the two cloud programs: ${mine} / ${theirs}`);
    }
  }
}

async function cloudTables() {
  const node = node22(root);
  const incurDir = installIncur(root);
  const results = {};
  for (const framework of FRAMEWORKS) results[framework.name] = await measurePaths(framework, { node, env: cloudEnv });
  checkSame(results.burgee, results.incur);
  if (flags.dump !== undefined) dump(results, flags.dump);
  const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const burgeeVersion = JSON.parse(readFileSync(join(root, 'packages/burgee/package.json'), 'utf8')).version;
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  console.log(
    `## Tasks: burgee ${burgeeVersion} (${commit || 'no git'}) against incur ${installedVersion(incurDir, 'incur')} (pinned ${INCUR_VERSION}), cloud program of 20 commands, Node ${nodeVersion}\n`,
  );
  console.log(line(['task', 'path', 'burgee', 'incur', 'burgee/incur']));
  console.log(line(['---', '---', '---:', '---:', '---:']));
  for (const [task, label, key] of ROWS) {
    const [b, i] = [tokensOf(results.burgee.paths[task][key]), tokensOf(results.incur.paths[task][key])];
    console.log(line([task, label, fmt(b), fmt(i), (b / i).toFixed(2)]));
  }
  console.log(`\n${notes(results).join('\n')}`);
  detail(results, 'b');
}

/** What the table cannot say: each server's default, and the skills each `skills add` wrote. */
function notes(results) {
  return FRAMEWORKS.map(({ name }) => {
    const { files, tools } = results[name];
    const skills = files.map((file) => `${file.skill}/${file.rel} (${fmt(countTokens(file.text))})`).join(', ');
    const same = tools.default.map((tool) => tool.name).join() === tools.all.map((tool) => tool.name).join();
    const mcp = same
      ? `its default \`tools/list\` holds every tool (${tools.all.length}): both MCP rows are the same`
      : `its default \`tools/list\` holds ${tools.default.length} tools (${tools.default.map((tool) => tool.name).join(', ')}), every tool listed ${tools.all.length}`;
    return `- ${name}: \`skills add\` wrote ${skills}; ${mcp}.`;
  });
}

const PATH_NAMES = { skills: 'skills', cli: 'CLI only', mcpDefault: 'MCP default', mcpAll: 'MCP, every tool listed' };

/** Every piece of one task's paths, with its tokens: where each framework's tokens go. */
function detail(results, task) {
  console.log(`\nTask ${task} piece by piece (tokens):\n`);
  for (const { name } of FRAMEWORKS) {
    for (const [key, pieces] of Object.entries(results[name].paths[task])) {
      const parts = pieces.map((piece) => `${piece.what} ${fmt(countTokens(piece.text))}`).join(' + ');
      console.log(`- ${name}, ${PATH_NAMES[key]}: ${parts}`);
    }
  }
}

/** `--dump <dir>`: every piece of every path as read, one file per framework, task and path, to see what was counted. */
function dump(results, dir) {
  for (const [name, { paths }] of Object.entries(results)) {
    mkdirSync(join(dir, name), { recursive: true });
    for (const [task, byPath] of Object.entries(paths)) {
      for (const [key, pieces] of Object.entries(byPath)) {
        const text = pieces.map((piece) => `===== ${piece.what} (${countTokens(piece.text)} tokens)\n${piece.text}\n`);
        writeFileSync(join(dir, name, `${task}-${key}.txt`), text.join(''));
      }
    }
  }
}

// Part 2: burgee's surfaces on the examples and a generated 1,000-command program.

const burgee = new URL('../packages/burgee/dist/index.js', import.meta.url).href;
const programs = [
  { name: 'examples/deploy (1 command)', file: join(root, 'examples/deploy/cli.mjs') },
  { name: 'examples/ship (6 for agents)', file: join(root, 'examples/ship/cli.mjs') },
  // Its real path: the program runs itself only when argv[1] is its own file, and .bench may be a link.
  {
    name: 'generated, 1,000 commands',
    file: realpathSync(writeProgram(join(root, '.bench', 'tokens', '1000'), 1000, { burgee })),
  },
];

/** What one run prints on stdout; it must exit 0 with nothing on stderr. */
function stdoutOf(file, argv) {
  const result = spawnSync(process.execPath, [file, ...argv], { env, cwd: root, encoding: 'utf8' });
  if (result.status !== 0 || result.stderr !== '') {
    throw new Error(`${file} ${argv.join(' ')}: exit ${result.status}\n${result.stderr}`);
  }
  return result.stdout;
}

/** Every `tools/list` answer the server sends, as sent (one JSON line each), following `nextCursor` to the end. */
async function toolsList(file) {
  const session = await openSession({ node: process.execPath, file, env, cwd: root });
  await listAll(session);
  await session.client.close();
  return session.wire
    .filter(({ from, message }) => from === 'server' && Array.isArray(message.result?.tools))
    .map(({ line }) => line)
    .join('\n');
}

const frontMatter = (skill) => skill.slice(0, skill.indexOf('\n---\n', 3) + 5);

async function exampleTable() {
  const columns = ['tools/list', '--schema', '--llms', 'SKILL.md', 'front matter', '--help'];
  console.log(`\n## Surfaces of the examples: node ${process.version}\n`);
  console.log(line(['program', ...columns]));
  console.log(line(['---', ...columns.map(() => '---:')]));
  for (const program of programs) {
    const skill = stdoutOf(program.file, ['skills', 'print']);
    const texts = [
      await toolsList(program.file),
      stdoutOf(program.file, ['--schema']),
      stdoutOf(program.file, ['--llms']),
      skill,
      frontMatter(skill),
      stdoutOf(program.file, ['--help']),
    ];
    console.log(line([program.name, ...texts.map((text) => fmt(countTokens(text)))]));
  }
}

const tokenizer = JSON.parse(readFileSync(join(root, 'node_modules/gpt-tokenizer/package.json'), 'utf8')).version;
console.log(`o200k tokens (gpt-tokenizer ${tokenizer}, o200k_base), ${new Date().toISOString().slice(0, 10)}\n`);
try {
  await cloudTables();
  await exampleTable();
} catch (error) {
  console.error(`bench:tokens: ${error.message}`);
  process.exitCode = 1;
}
