#!/usr/bin/env node
// The adapter corpus: real programs from the npm registry, each run once with the real commander or
// yargs and once with burgee's stand-in in its place, then asked for --schema, --json and --mcp. A
// measurement of the current build (npm run corpus:adapters builds first), not a test: it exits 0
// whatever it finds, and non-zero only when it cannot measure at all. docs/adapters.md#real-programs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { nodesOf, versionOf } from '../bench/measure.mjs';
import { checkJson, checkKept, checkSchema, comparePeople, freshFixture } from './corpus/checks.mjs';
import { cacheRoot, prepareProgram, stageBurgee } from './corpus/install.mjs';
import { checkMcp } from './corpus/mcp.mjs';
import { programs } from './corpus/programs.mjs';
import { render } from './corpus/report.mjs';
import { cleanEnv } from './corpus/spawn.mjs';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: { markdown: { type: 'boolean' }, only: { type: 'string' }, node: { type: 'string', default: '24' } },
});
// The programs' own floors decide the default: commander 15 and cspell need Node 22 or later.
const [node] = nodesOf(repoRoot, values.node);
const chosen = values.only === undefined ? programs : programs.filter((p) => matches(p, values.only));
if (chosen.length === 0) {
  process.stderr.write(`--only ${values.only}: no such program (${programs.map(label).join(', ')})\n`);
  process.exit(2);
}

function label(program) {
  return `${program.name}@${program.version}`;
}

function matches(program, wanted) {
  return program.name === wanted || label(program) === wanted;
}

const log = (text) => process.stderr.write(`${text}\n`);

/** One program's row: a failure to prepare it is the row's error, and the other programs still run. */
async function measure(program, burgee, scratchRoot) {
  const scratch = join(scratchRoot, label(program).replace(/[^a-z0-9.@-]+/gi, '-'));
  const row = { program, checks: {} };
  try {
    const prepared = await prepareProgram(program, burgee, { env: cleanEnv(join(scratch, 'home')), node });
    Object.assign(row, { hostVersion: prepared.hostVersion, esm: prepared.real.esm, notes: prepared.notes });
    const context = { program, prepared, scratch, repoRoot, node };
    row.checks.people = await comparePeople(context);
    if (program.keeps !== undefined) {
      // Every flag is the program's: each surface flag must reach it, as the real library's would.
      const kept = await checkKept(context);
      Object.assign(row.checks, { schema: kept, json: kept, mcp: kept });
      return row;
    }
    row.checks.schema = await checkSchema(context);
    row.checks.json = await checkJson(context, row.checks.schema);
    row.checks.mcp = await checkMcp(context, await freshFixture(context));
  } catch (error) {
    row.error = `not measured: ${String(error.message ?? error).split('\n')[0]}`;
  }
  return row;
}

const started = Date.now();
log(`corpus cache: ${cacheRoot}`);
const burgee = await stageBurgee(repoRoot);
const scratchRoot = mkdtempSync(join(tmpdir(), 'burgee-corpus-'));
const rows = [];
try {
  for (const program of chosen) {
    const began = Date.now();
    rows.push(await measure(program, burgee, scratchRoot));
    log(`${label(program)}: ${((Date.now() - began) / 1000).toFixed(1)} s`);
  }
} finally {
  rmSync(scratchRoot, { recursive: true, force: true });
}
const date = new Date().toISOString().slice(0, 10);
const header = `burgee adapter corpus, ${date}, Node ${versionOf(node)}, burgee ${burgee.manifest.version} (current build)`;
process.stdout.write(render(rows, { asMarkdown: values.markdown === true, header }));
log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
