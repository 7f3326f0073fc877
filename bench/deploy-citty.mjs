#!/usr/bin/env node
// The DESIGN §1 `deploy` program written by hand with citty, as a citty user would write it to give
// agents what burgee gives them: the --json envelope with provenance, agent detection, and exit 4 with
// a runnable next step instead of a confirmation nobody can answer. Used by bench/run.mjs.
import { defineCommand, runMain } from 'citty';

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

// citty does not say where a value came from: a flag given on the command line is read back from argv.
function provenance(keys) {
  const out = {};
  for (const key of keys) {
    const flag = `--${key}`;
    if (argv.some((word) => word === flag || word.startsWith(`${flag}=`)))
      out[key] = { source: 'flag', location: flag };
  }
  return out;
}

const deploy = defineCommand({
  meta: { name: 'deploy', description: 'Deploy a build' },
  args: {
    target: { type: 'string', required: true, description: 'where to deploy' },
    yes: { type: 'boolean', description: 'skip the confirmation' },
    json: { type: 'boolean', description: 'print the result as one JSON envelope' },
  },
  run({ args }) {
    if (!args.yes && !interactive) {
      const message = `deploying to ${args.target} needs confirmation`;
      const next = `tool deploy --target ${args.target} --yes`;
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
    const data = { target: args.target, agent: agent ?? null };
    if (json) {
      const meta = { provenance: provenance(['target', 'yes']) };
      process.stdout.write(`${JSON.stringify({ ok: true, data, meta })}\n`);
    } else {
      process.stdout.write(`target: ${data.target}\nagent: ${data.agent ?? ''}\n`);
    }
  },
});

await runMain(defineCommand({ meta: { name: 'tool' }, subCommands: { deploy } }));
