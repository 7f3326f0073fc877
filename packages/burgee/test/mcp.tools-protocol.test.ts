// M1's protocol versions: every version the SDK negotiates, spoken by the official client, gives
// the same tools and envelope, and the server names itself; its own file by theme.
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { example, runCli } from './support/cli.js';
import { connectStdio, type StdioServer, texts } from './support/mcp.js';

describe('M1 · protocol versions are negotiated by the SDK', () => {
  const eras = [
    ['the 2025 initialize handshake (client default)', undefined, '2025-11-25'],
    ['the stateless 2026-07-28 revision, pinned', { mode: { pin: '2026-07-28' } }, '2026-07-28'],
    ['the 2026-07-28 revision found by probing (auto)', { mode: 'auto' as const }, '2026-07-28'],
  ] as const;

  it.each(eras)('M1 · %s: same tools, same envelope', async (_, versionNegotiation, version) => {
    const env = { CLAUDECODE: '1' };
    const server = await connectStdio(example('deploy'), {
      env,
      ...(versionNegotiation === undefined ? {} : { client: { versionNegotiation } }),
    });
    try {
      expect(server.client.getNegotiatedProtocolVersion()).toBe(version);
      const { tools } = await server.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['deploy']);
      const result = await server.client.callTool({ name: 'deploy', arguments: { target: 'prod', yes: true } });
      const cli = await runCli(example('deploy'), ['deploy', '--target=prod', '--yes', '--json'], { env });
      expect(texts(result).envelope).toBe(cli.stdout.slice(0, -1));
    } finally {
      await server.close();
    }
  });
});

describe('M1 · every protocol version the SDK negotiates, spoken by the official client', () => {
  // From the SDK itself: the initialize-era versions it accepts (2026-07-28 is pinned in the block above).
  const versions = [...SUPPORTED_PROTOCOL_VERSIONS].reverse();

  it('M1 · the list holds 2024-11-05 to 2025-11-25, so no version is left out unseen', () => {
    expect(versions).toEqual(expect.arrayContaining(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']));
  });

  it.each(versions)(
    'M1 · %s through the initialize handshake: negotiated as offered, same tools, same envelope (probe: mcp-protocol-versions)',
    async (version) => {
      const server = await connectStdio(example('deploy'), { client: { supportedProtocolVersions: [version] } });
      try {
        expect(server.client.getNegotiatedProtocolVersion()).toBe(version);
        await sameAsCli(server);
      } finally {
        await server.close();
      }
    },
  );

  async function sameAsCli(server: StdioServer): Promise<void> {
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['deploy']);
    const result = await server.client.callTool({ name: 'deploy', arguments: { target: 'prod', yes: true } });
    const cli = await runCli(example('deploy'), ['deploy', '--target=prod', '--yes', '--json']);
    expect(texts(result).envelope).toBe(cli.stdout.slice(0, -1));
  }
});

describe('M1 · the server names itself', () => {
  it('M1 · the declared version, else the owning package.json version', async () => {
    const ship = await connectStdio(example('ship'));
    const deploy = await connectStdio(example('deploy'));
    try {
      expect(ship.client.getServerVersion()).toMatchObject({ name: 'ship', version: '1.0.0' });
      expect(deploy.client.getServerVersion()).toMatchObject({ name: 'tool', version: '0.3.0' });
    } finally {
      await ship.close();
      await deploy.close();
    }
  });
});
