#!/usr/bin/env node
// The `deploy` example program written by hand with cac, as a cac user would write it to give agents
// what burgee gives them: the --json envelope with provenance, agent detection, and exit 4 with a
// runnable next step instead of a confirmation nobody can answer. Used by bench/run.mjs.
import { cac } from 'cac';

// Written out here, not shared with the other peers: an import would add a module load to this
// program's start-up, and a user writing it by hand would have it inline too.
const AGENTS = [
  ['AI_AGENT', null],
  ['CLAUDECODE', 'claude-code'],
  ['CURSOR_AGENT', 'cursor'],
  ['CODEX_THREAD_ID', 'codex'],
  ['GEMINI_CLI', 'gemini'],
];

function detectAgent(env) {
  for (const [variable, name] of AGENTS) {
    const value = env[variable];
    if (value === undefined || value === '') continue;
    if (name !== null) return name;
    return value === '1' ? 'generic' : value;
  }
  return undefined;
}

const argv = process.argv.slice(2);
const dashDash = argv.indexOf('--');
const json = (dashDash === -1 ? argv : argv.slice(0, dashDash)).includes('--json');
const agent = detectAgent(process.env);
const interactive =
  process.env.FORCE_TTY === '1' ||
  (agent === undefined && process.stdin.isTTY === true && process.stdout.isTTY === true);

function fail(code, message) {
  if (json) process.stdout.write(`${JSON.stringify({ ok: false, error: { code, message } })}\n`);
  else process.stderr.write(`error: ${message}\n`);
  process.exit(code);
}

// cac does not say where a value came from: a flag given on the command line is read back from argv.
function provenance(keys) {
  const out = {};
  for (const key of keys) {
    const flag = `--${key}`;
    if (argv.some((word) => word === flag || word.startsWith(`${flag}=`)))
      out[key] = { source: 'flag', location: flag };
  }
  return out;
}

const cli = cac('tool');
cli.option('--json', 'print the result as one JSON envelope');
cli
  .command('deploy', 'Deploy a build')
  .option('--target <target>', 'where to deploy (required)')
  .option('--yes', 'skip the confirmation')
  .action((options) => {
    // cac's `<value>` makes a value required once the flag is given, not the flag itself.
    if (typeof options.target !== 'string') fail(2, 'missing required option --target');
    if (!options.yes && !interactive) {
      const message = `deploying to ${options.target} needs confirmation`;
      const next = `tool deploy --target ${options.target} --yes`;
      if (json) {
        const envelope = {
          ok: false,
          status: 'action_required',
          reason: 'confirm',
          message,
          next: [{ command: `${next} --json`, when: 'once you have reviewed the plan' }],
          error: { code: 4, message },
        };
        process.stdout.write(`${JSON.stringify(envelope)}\n`);
      } else {
        process.stderr.write(
          `action required (confirm): ${message}\nnext:\n  ${next}    once you have reviewed the plan\n`,
        );
      }
      process.exit(4);
    }
    const data = { target: options.target, agent: agent ?? null };
    if (json) {
      const meta = { provenance: provenance(['target', 'yes']) };
      process.stdout.write(`${JSON.stringify({ ok: true, data, meta })}\n`);
    } else {
      process.stdout.write(`target: ${data.target}\nagent: ${data.agent ?? ''}\n`);
    }
  });
cli.help();

try {
  cli.parse(process.argv, { run: false });
  await cli.runMatchedCommand();
} catch (error) {
  if (error?.name !== 'CACError') throw error;
  fail(2, `${error.message} (see tool ${cli.matchedCommandName ?? ''} --help)`.replace('  ', ' '));
}
