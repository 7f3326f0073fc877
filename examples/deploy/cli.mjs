#!/usr/bin/env node
// The program of DESIGN §1, verbatim: one command, declared once, run for people and agents.
import { realpathSync } from 'node:fs';
import { defineCommand, defineProgram, run } from 'burgee';

export const program = defineProgram({
  name: 'tool',
  commands: [
    defineCommand({
      name: 'deploy',
      description: 'Deploy a build',
      effects: 'non_idempotent',
      options: {
        target: { type: 'string', required: true, description: 'where to deploy' },
        yes: { type: 'boolean', env: false, description: 'skip the confirmation' },
      },
      run: (ctx) => {
        if (!ctx.options.yes && !ctx.interactive) {
          ctx.actionRequired({
            reason: 'confirm',
            message: `deploying to ${ctx.options.target} needs confirmation`,
            next: [{ command: `deploy --target ${ctx.options.target} --yes`, when: 'once you have reviewed the plan' }],
          });
        }
        return { target: ctx.options.target, agent: ctx.agent ?? null };
      },
    }),
  ],
});

// Run when started as a script; stay quiet when imported by tests or `burgee dev`.
if (process.argv[1] && realpathSync(process.argv[1]) === import.meta.filename) await run(program);
