#!/usr/bin/env node
// The `deploy` example program written by hand with commander@14, as a commander user would write it
// to give agents what burgee gives them: the --json envelope with provenance, agent detection, and
// exit 4 with a runnable next step instead of a confirmation nobody can answer.
import { Command, CommanderError } from 'commander';

// Written out here, not shared with the other peer: an import would add a module load to this
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

function provenance(command) {
  const out = {};
  for (const option of command.options) {
    const key = option.attributeName();
    if (key === 'json' || command.getOptionValue(key) === undefined) continue;
    const source = command.getOptionValueSource(key);
    if (source === 'cli') out[key] = { source: 'flag', location: option.long };
    else if (source === 'env') out[key] = { source: 'env', location: option.envVar };
    else out[key] = { source: 'default' };
  }
  return out;
}

// Errors are printed by fail(), once, as the envelope under --json; commander's own copy is silenced.
const program = new Command('tool').option('--json', 'print the result as one JSON envelope').exitOverride();
program.configureOutput(json ? { writeErr: () => {}, outputError: () => {} } : { outputError: () => {} });

program
  .command('deploy')
  .description('Deploy a build')
  .requiredOption('--target <target>', 'where to deploy')
  .option('--yes', 'skip the confirmation')
  .option('--json', 'print the result as one JSON envelope')
  .action((options, command) => {
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
      process.stdout.write(`${JSON.stringify({ ok: true, data, meta: { provenance: provenance(command) } })}\n`);
    } else {
      process.stdout.write(`target: ${data.target}\nagent: ${data.agent ?? ''}\n`);
    }
  });

try {
  await program.parseAsync();
} catch (error) {
  if (!(error instanceof CommanderError)) throw error;
  if (error.exitCode === 0) process.exit(0);
  fail(2, error.message.replace(/^error: /, ''));
}
