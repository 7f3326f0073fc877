import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';
import { connectStdio, type StdioServer } from './support/mcp.js';

// Many programs go on after a synchronous `program.parse()` / `yargs(...).parse()`: they print, or
// schedule work that prints. When burgee has taken the run, stdout is its document alone (E3, M5).
const fixtures = `${repoRoot}packages/burgee/test/fixtures/adapters`;
const servers: StdioServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

describe.each(['commander', 'yargs'])('E3 · a %s program that prints after parse() returns', (host) => {
  const script = `${fixtures}/${host}-after-parse.mjs`;

  it('E3 · under --json the envelope is all of stdout; what the program printed after parse() is on stderr', async () => {
    const result = await runCli(script, ['deploy', 'prod', '--json']);
    expect(result.stdout).toBe('{"ok":true,"data":{"target":"prod"},"meta":{"provenance":{}}}\n');
    expect(result.stderr.split('\n').sort()).toEqual(['', 'deploying prod', 'on the next turn', 'parsed']);
    expect(result.code).toBe(0);
  });

  it('S1 · under --schema stdout is the schema document alone, and the code after parse() does not run on an empty result', async () => {
    const result = await runCli(script, ['--schema']);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: 'ship' });
    expect(result.code).toBe(0);
    // commander's parse() ends the program's own code there; yargs' parse() gives a result that ends
    // it once read or awaited, and code that reads nothing (this fixture's) runs on, its output on stderr.
    if (host === 'commander') expect(result.stderr).toBe('');
    else expect(result.stderr).toContain('parsed\n');
  });

  it('M5 · under --mcp the protocol stream stays clean: the client lists and calls the tool', async () => {
    const server = await connectStdio(script);
    servers.push(server);
    const { tools } = await server.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['deploy']);
    const called = await server.client.callTool({ name: 'deploy', arguments: { target: 'prod' } });
    expect(called.isError).not.toBe(true);
    if (host === 'commander') expect(server.stderr()).not.toContain('parsed\n');
    else expect(server.stderr()).toContain('parsed\n');
  });

  it('F1 · without a surface, the program prints as it always did, all on stdout', async () => {
    const result = await runCli(script, ['deploy', 'prod']);
    expect(result).toMatchObject({ code: 0, stdout: 'deploying prod\nparsed\non the next turn\n', stderr: '' });
  });
});
