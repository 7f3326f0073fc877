import { defineCommand, run } from 'burgee';

await run(
  defineCommand({
    name: 'greet',
    effects: 'read_only',
    options: { name: { type: 'string', required: true, description: 'who to greet' } },
    run: (ctx) => ({ greeting: `hello ${ctx.options.name}` }),
  }),
);
