// What an agent pays, in tokens, to learn a program through each of burgee's surfaces: the MCP tool
// list, --schema, --llms, the root SKILL.md (and its front matter alone, what an agent holds from the
// session's start), and --help. Counted with a real o200k tokenizer (gpt-tokenizer's o200k_base, the
// encoding of OpenAI's GPT-4o and later models), on the exact bytes each surface prints or sends.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { DEFAULT_INHERITED_ENV_VARS, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { env } from './measure.mjs';
import { writeProgram } from './scale-program.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
for (const name of DEFAULT_INHERITED_ENV_VARS) if (!(name in env)) delete process.env[name];

const burgee = new URL('../packages/burgee/dist/index.js', import.meta.url).href;
const programs = [
  { name: 'examples/deploy (1 command)', file: join(root, 'examples/deploy/cli.mjs') },
  { name: 'examples/ship (6 for agents)', file: join(root, 'examples/ship/cli.mjs') },
  { name: 'generated, 1,000 commands', file: writeProgram(join(root, '.bench', 'tokens', '1000'), 1000, { burgee }) },
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
  const transport = new StdioClientTransport({ command: process.execPath, args: [file, '--mcp'], env, cwd: root });
  const client = new Client({ name: 'burgee-tokens', version: '1.0.0' });
  await client.connect(transport);
  const sent = [];
  const deliver = transport.onmessage;
  transport.onmessage = (message) => {
    if ('result' in message && message.result !== null && 'tools' in message.result) sent.push(JSON.stringify(message));
    deliver?.(message);
  };
  let cursor;
  do {
    cursor = (await client.listTools(cursor === undefined ? {} : { cursor })).nextCursor;
  } while (cursor !== undefined);
  await client.close();
  return sent.join('\n');
}

const frontMatter = (skill) => skill.slice(0, skill.indexOf('\n---\n', 3) + 5);

const columns = ['tools/list', '--schema', '--llms', 'SKILL.md', 'front matter', '--help'];
const rows = [];
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
  rows.push([program.name, ...texts.map((text) => countTokens(text))]);
}

const line = (cells) => `| ${cells.join(' | ')} |`;
console.log(`o200k tokens (gpt-tokenizer), node ${process.version}\n`);
console.log(line(['program', ...columns]));
console.log(line(['---', ...columns.map(() => '---:')]));
for (const [name, ...counts] of rows) console.log(line([name, ...counts.map((n) => n.toLocaleString('en-US'))]));
