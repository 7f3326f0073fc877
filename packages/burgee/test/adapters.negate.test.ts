import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';
import { connectStdio, type StdioServer, texts } from './support/mcp.js';

// commander lets a program declare `--no-color` alone: color is true until the flag is typed, and
// `--color` is an unknown option. burgee publishes it as declared, and an MCP call never types `--color`.
const script = `${repoRoot}packages/burgee/test/fixtures/adapters/commander-negate.mjs`;
const programSchema = JSON.parse(readFileSync(`${repoRoot}packages/burgee/program-schema.json`, 'utf8')) as object;
const validate = new Ajv2020.default({ strict: true, allErrors: true }).compile(programSchema);
const servers: StdioServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

describe("F1 · a commander program's lone --no-x option", () => {
  it('S1 · --schema publishes it as declared: --no-color, a boolean that is true by default', async () => {
    const schema = JSON.parse((await runCli(script, ['--schema'])).stdout);
    expect(validate(schema), JSON.stringify(validate.errors)).toBe(true);
    const draw = schema.commands.find((c: { name: string }) => c.name === 'draw');
    // Each flag of options[] with what it accepts, its inputSchema property (N5).
    const flags = Object.fromEntries(
      draw.options.map((o: { flag: string; name: string }) => [o.flag, draw.inputSchema.properties[o.name]]),
    );
    expect(flags['--no-color']).toMatchObject({ type: 'boolean', default: true });
    expect(flags['--color']).toBeUndefined();
    // A pair stays one option named by its positive flag.
    expect(flags['--cache']).toMatchObject({ type: 'boolean' });
    expect(flags['--no-cache']).toBeUndefined();
  });

  it('M3 · an MCP call sets it false by typing --no-color, and true by leaving it off', async () => {
    const server = await connectStdio(script);
    servers.push(server);
    const call = async (args: Record<string, unknown>) =>
      JSON.parse(texts(await server.client.callTool({ name: 'draw', arguments: args })).envelope);
    expect(await call({ color: false })).toMatchObject({ ok: true, data: { color: false } });
    expect(await call({ color: true })).toMatchObject({ ok: true, data: { color: true } });
    expect(await call({})).toMatchObject({ ok: true, data: { color: true } });
    // commander tells a pair's false (--no-cache) from its absence (undefined): false is typed.
    expect(await call({ cache: false })).toMatchObject({ ok: true, data: { cache: false } });
    expect(await call({})).toMatchObject({ ok: true, data: { cache: null } });
    expect(await call({ cache: true })).toMatchObject({ ok: true, data: { cache: true } });
  });

  it("F1 · on the command line it stays commander's: --color is unknown, --no-color turns it off", async () => {
    expect(await runCli(script, ['draw', '--no-color', '--json'])).toMatchObject({
      code: 0,
      stdout:
        '{"ok":true,"data":{"color":false,"cache":null},"meta":{"provenance":{"color":{"source":"flag","location":"--no-color"}}}}\n',
    });
    expect((await runCli(script, ['draw', '--color'])).stderr).toContain("unknown option '--color'");
  });
});
