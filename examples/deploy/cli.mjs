#!/usr/bin/env node
// The smallest program with an agent flow: one command, declared once, run for people and agents.
import { defineCommand, defineProgram, run } from 'burgee';

export const program = defineProgram({
  name: 'tool',
  description: 'Deploy builds; agents are asked to confirm first',
  commands: [
    defineCommand({
      name: 'deploy',
      description: 'Deploy a build',
      effects: 'non_idempotent',
      options: {
        target: { type: 'string', required: true, description: 'where to deploy' },
        yes: { type: 'boolean', env: false, description: 'skip the confirmation' },
      },
      examples: [
        'tool deploy --target prod',
        { command: 'tool deploy --target prod --yes', description: 'once reviewed' },
      ],
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

// Run when started as a script, directly or through a linked bin; stay quiet when imported by tests
// or `burgee dev`. node:fs is imported only when the paths differ: as an ES module it costs every start.
const script = process.argv[1];
const isMain =
  script === import.meta.filename ||
  (script !== undefined && (await import('node:fs')).realpathSync(script) === import.meta.filename);
if (isMain) await run(program);
