// M2's examples as arguments: each example a tool's description shows is a call that runs what
// its command line runs, and an example no call could run is left out; its own file by theme.
import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { connectMcp } from '../src/testing/index.js';
import { example, runCli } from './support/cli.js';
import { connectStdio, texts } from './support/mcp.js';

describe('M2 · examples as arguments: the call an example stands for runs what its command line runs', () => {
  /** Each `Example …: {…}` line of a description, as the arguments it gives. */
  const exampleArguments = (description: string | undefined) =>
    (description ?? '')
      .split('\n')
      .filter((line) => line.startsWith('Example'))
      .map((line) => JSON.parse(line.slice(line.indexOf(': ') + 2)) as Record<string, unknown>);

  it('M2 · examples/deploy: each example, called as the tool, gives the --json envelope of its command line', async () => {
    const env = { CLAUDECODE: '1' };
    const server = await connectStdio(example('deploy'), { env });
    try {
      const [deploy] = (await server.client.listTools()).tools;
      expect(deploy!.description).toBe(
        'Deploy a build\nExample: {"target":"prod"}\nExample (once reviewed): {"target":"prod","yes":true}',
      );
      const lines = [
        ['deploy', '--target', 'prod'],
        ['deploy', '--target', 'prod', '--yes'],
      ];
      for (const [i, args] of exampleArguments(deploy!.description).entries()) {
        const result = await server.client.callTool({ name: 'deploy', arguments: args });
        const cli = await runCli(example('deploy'), [...lines[i]!, '--json'], { env });
        expect(texts(result).envelope).toBe(cli.stdout.slice(0, -1));
      }
    } finally {
      await server.close();
    }
  });

  it('M2 · an example no call of its tool runs is left out: a pipe, a variable, a placeholder, --help, another command', async () => {
    const program = defineProgram({
      name: 'tool',
      commands: [
        defineCommand({
          name: 'say',
          description: 'Say it',
          effects: 'read_only',
          options: { text: { type: 'string', description: 'what' }, loud: { type: 'boolean', description: 'how' } },
          examples: [
            'tool say --text hi | wc -c',
            'TOOL_LOUD=1 tool say --text hi',
            'tool say --text <value>',
            'tool say --help',
            'tool other',
            { command: 'tool say --text hi --loud', description: 'loudly' },
          ],
          run: () => null,
        }),
        defineCommand({ name: 'other', description: 'Another', effects: 'read_only', run: () => null }),
      ],
    });
    const client = await connectMcp(program);
    try {
      const { tools } = await client.listTools();
      expect(tools.find((t) => t.name === 'say')!.description).toBe(
        'Say it\nExample (loudly): {"text":"hi","loud":true}',
      );
    } finally {
      await client.close();
    }
  });
});
