// What is measured for one program: the same command lines under the real library and under the
// adapter (byte for byte), then the adapter's own surfaces: --schema, --json and --mcp.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cleanEnv, runProcess } from './spawn.mjs';

const TIMEOUT = 30_000;

/** Makes the program's scratch folder afresh (and a home of its own), as its table row describes it. */
export async function freshFixture({ scratch, program, node }) {
  const work = join(scratch, 'work');
  const home = join(scratch, 'home');
  for (const dir of [work, home]) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  for (const [name, text] of Object.entries(program.files)) {
    mkdirSync(dirname(join(work, name)), { recursive: true });
    writeFileSync(join(work, name), text);
  }
  for (const [command, args] of program.setup ?? []) {
    const tool = command === 'node' ? node : command;
    const result = await runProcess(tool, args, { cwd: work, env: cleanEnv(home) });
    if (result.code !== 0)
      throw new Error(`fixture of ${program.name}: ${command} ${args.join(' ')}: ${result.stderr}`);
  }
  return { work, home };
}

/** One run of the program's bin in a fresh fixture, with paths of the adapter's copy written as the real's. */
export async function runOnce(context, side, args) {
  const { work, home } = await freshFixture(context);
  const { prepared } = context;
  const bin = prepared[side].file;
  const run = await runProcess(context.node, [bin, ...args], { cwd: work, env: cleanEnv(home), timeout: TIMEOUT });
  // Node's warnings name the process id; nothing else of a run may differ between two runs.
  const pid = (text) => text.replace(/\(node:\d+\)/g, '(node:PID)');
  const result = { ...run, stdout: pid(run.stdout), stderr: pid(run.stderr) };
  if (side === 'adapter') {
    const swap = (text) =>
      text
        .split(prepared.hostPaths.adapter)
        .join(prepared.hostPaths.real)
        .split(prepared.adapterRoot)
        .join(prepared.realRoot);
    return { ...result, stdout: swap(result.stdout), stderr: swap(result.stderr) };
  }
  return result;
}

const outcome = (r) => (r.timedOut ? 'timeout' : r.signal ? r.signal : `exit ${r.code}`);

/** The first place two runs differ, in a few words. */
function difference(real, adapter) {
  if (outcome(real) !== outcome(adapter)) return `${outcome(real)} vs ${outcome(adapter)}`;
  for (const stream of ['stdout', 'stderr']) {
    const a = real[stream];
    const b = adapter[stream];
    if (a === b) continue;
    let at = 0;
    while (a[at] === b[at]) at++;
    const line = a.slice(0, at).split('\n').length;
    const show = (text) => JSON.stringify(text.slice(at, at + 40));
    return `${stream} line ${line}: ${show(a)} vs ${show(b)}`;
  }
  return undefined;
}

/** The person's lines: help, version, a real run, a wrong flag. */
export async function comparePeople(context) {
  const { program } = context;
  const lines = [['--help'], ['--version'], program.run, program.wrong];
  const failures = [];
  for (const args of lines) {
    const real = await runOnce(context, 'real', args);
    const adapter = await runOnce(context, 'adapter', args);
    if (real.timedOut) failures.push(`\`${args.join(' ')}\`: the real program timed out`);
    const diff = difference(real, adapter);
    if (diff !== undefined) failures.push(`\`${args.join(' ')}\`: ${diff}`);
  }
  return failures.length === 0 ? { pass: true } : { pass: false, reason: failures.join('; ') };
}

/**
 * A program whose command lines keep every flag (`keeps`: why): `--schema`, `--json` and `--mcp`
 * must each give what the real library gives, byte for byte. Then each surface is n/a, for that reason.
 */
export async function checkKept(context) {
  for (const flag of ['--schema', '--json', '--mcp']) {
    const args = flag === '--json' ? [...context.program.json, flag] : [flag];
    const diff = difference(await runOnce(context, 'real', args), await runOnce(context, 'adapter', args));
    if (diff !== undefined)
      return { pass: false, reason: `\`${args.join(' ')}\` differs from the real library: ${diff}` };
  }
  return { pass: null, reason: context.program.keeps };
}

let validate;
async function validator(repoRoot) {
  if (validate !== undefined) return validate;
  const { default: Ajv2020 } = await import('ajv/dist/2020.js');
  const schema = JSON.parse(readFileSync(join(repoRoot, 'packages/burgee/program-schema.json'), 'utf8'));
  validate = new Ajv2020({ strict: false, allErrors: false }).compile(schema);
  return validate;
}

/** `--schema`: one document, valid against program-schema.json, with commands to list. */
export async function checkSchema(context) {
  const result = await runOnce(context, 'adapter', ['--schema']);
  if (result.code !== 0) return { pass: false, reason: `${outcome(result)}: ${firstLine(result)}` };
  let document;
  try {
    document = JSON.parse(result.stdout);
  } catch {
    return { pass: false, reason: `stdout is not JSON: ${JSON.stringify(result.stdout.slice(0, 60))}` };
  }
  const valid = (await validator(context.repoRoot))(document);
  if (!valid) return { pass: false, reason: `not valid: ${JSON.stringify(validate.errors?.[0])}`, document };
  const count = document.commands?.length ?? 0;
  if (count === 0) return { pass: false, reason: '"commands" is empty: nothing of the program is runnable', document };
  const options = document.commands.reduce((n, c) => n + (c.options?.length ?? 0), 0);
  return { pass: true, detail: `${count} command(s), ${options} option(s)`, document };
}

/** The envelope on one line of stdout, or why there is none. */
function readEnvelope(result) {
  const lines = result.stdout.split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (lines.length !== 1) {
    const at = lines.findIndex((line) => line.startsWith('{"ok":'));
    const where = at === -1 ? 'no envelope' : `the envelope is line ${at + 1}`;
    return { reason: `${lines.length} lines on stdout (${where}), ${outcome(result)}: ${firstLine(result)}` };
  }
  try {
    const envelope = JSON.parse(lines[0]);
    if (typeof envelope.ok !== 'boolean') return { reason: 'no boolean ok in the envelope' };
    return { envelope };
  } catch {
    return { reason: `stdout is not JSON: ${JSON.stringify(lines[0].slice(0, 60))}` };
  }
}

/** The first line the plain run printed that the --json run shows nowhere (its stderr, or the envelope). */
function lostLine(plain, result, envelope) {
  const seen = `${result.stderr}\n${JSON.stringify(envelope)}`;
  const lines = plain.stdout.split('\n').map((line) => line.trim());
  return lines.find((line) => line !== '' && !seen.includes(line) && !seen.includes(JSON.stringify(line).slice(1, -1)));
}

/**
 * `--json` on a real run: exactly one line on stdout, an envelope whose `ok` says what the exit code
 * says and what the same words say without --json, and the run's work done: what the plain run
 * prints reaches stderr or the envelope (an ok envelope over work that never ran is a false success).
 */
export async function checkJson(context, schema) {
  // A row may place --json itself: after a wrapped command's name it would be that command's word.
  const given = context.program.json;
  const result = await runOnce(context, 'adapter', given.includes('--json') ? given : [...given, '--json']);
  const { envelope, reason } = readEnvelope(result);
  // Where the command the line reaches declares --json, the flag is the program's (F3).
  const declared = schema.document?.shadows?.includes('--json');
  if (envelope === undefined && declared) return { pass: null, reason: 'the program declares --json itself' };
  if (envelope === undefined) return { pass: false, reason };
  if (envelope.ok !== (result.code === 0)) return { pass: false, reason: `ok ${envelope.ok} with ${outcome(result)}` };
  const plain = await runOnce(
    context,
    'real',
    given.filter((word) => word !== '--json'),
  );
  const message = String(envelope.error?.message ?? '')
    .split('\n')[0]
    .slice(0, 100);
  if (!envelope.ok && plain.code === 0)
    return { pass: false, reason: `ok:false where the plain run exits 0: ${message}` };
  if (envelope.ok && plain.code !== 0)
    return { pass: false, reason: `ok:true where the plain run ends ${outcome(plain)}` };
  const lost = lostLine(plain, result, envelope);
  if (lost !== undefined) {
    const why = result.stderr.trim() ? `; stderr: ${firstLine(result)}` : '';
    return {
      pass: false,
      reason: `ok:${envelope.ok}, but the run's output ${JSON.stringify(lost.slice(0, 40))} is missing${why}`,
    };
  }
  return { pass: true };
}

const firstLine = (r) => (r.stderr.trim() || r.stdout.trim()).split('\n')[0].slice(0, 100);
