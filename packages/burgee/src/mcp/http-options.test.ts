import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors/errors.js';
import {
  DEFAULT_MAX_BODY,
  isLoopback,
  parseHttpAddress,
  parseMaxBody,
  parseOrigin,
  resolveToken,
  toHttpServeOptions,
} from './http-options.js';

describe('M7 · --http <port | host:port | [ipv6]:port>', () => {
  it.each([
    ['8080', '127.0.0.1', 8080],
    ['0', '127.0.0.1', 0],
    ['127.0.0.1:0', '127.0.0.1', 0],
    ['0.0.0.0:9000', '0.0.0.0', 9000],
    ['localhost:3000', 'localhost', 3000],
    ['tools.internal:80', 'tools.internal', 80],
    ['[::1]:8080', '::1', 8080],
    ['[::]:65535', '::', 65535],
  ])('M7 · %s binds %s port %i', (text, host, port) => {
    expect(parseHttpAddress(text)).toEqual({ host, port });
  });

  it.each(['', 'http', '65536', '-1', '80.5', ':80', '::1:80', '[::1]', '[127.0.0.1]:80', 'a b:80', 'host:', '1:2:3'])(
    'M7 · %j is refused as a usage error naming --http',
    (text) => {
      expect(() => parseHttpAddress(text)).toThrow(UsageError);
      expect(() => parseHttpAddress(text)).toThrow(/^--http /);
    },
  );

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.5', false],
    ['tools.internal', false],
    ['127.example.com', false],
  ])('M7 · %s is loopback: %s', (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback);
  });
});

describe('M7 · the token', () => {
  const tool = { name: 'tool', envPrefix: 'TOOL' };
  const env = { TOOL_MCP_TOKEN: 'from-prefix', BURGEE_MCP_TOKEN: 'from-burgee' };
  it.each([
    ['--token wins over both variables', 'from-flag', env, 'TOOL', 'from-flag'],
    ['<PREFIX>_MCP_TOKEN wins over BURGEE_MCP_TOKEN', undefined, env, 'TOOL', 'from-prefix'],
    ['BURGEE_MCP_TOKEN when the program has no prefix', undefined, env, undefined, 'from-burgee'],
    [
      'BURGEE_MCP_TOKEN when the prefixed one is empty',
      undefined,
      { ...env, TOOL_MCP_TOKEN: '' },
      'TOOL',
      'from-burgee',
    ],
    ['none at all', undefined, {}, 'TOOL', undefined],
  ] as const)('M7 · %s', (_, flag, variables, prefix, expected) => {
    expect(resolveToken(flag, variables, prefix)).toBe(expected);
  });

  it('M7 · a non-loopback bind needs one; the refusal names --token and the variable, never a value', () => {
    const refuse = () => toHttpServeOptions({ http: '0.0.0.0:8080' }, {}, tool);
    expect(refuse).toThrow(UsageError);
    expect(refuse).toThrow(/--token/);
    try {
      refuse();
    } catch (error) {
      expect((error as UsageError).hint).toContain('TOOL_MCP_TOKEN');
      expect((error as UsageError).fix).toBe('tool --mcp --http 127.0.0.1:8080');
    }
    expect(toHttpServeOptions({ http: '0.0.0.0:8080' }, { TOOL_MCP_TOKEN: 't' }, tool).token).toBe('t');
    expect(toHttpServeOptions({ http: '8080' }, {}, tool).token).toBeUndefined();
  });
});

describe('M7 · --max-body and --allow-origin', () => {
  it.each([
    ['1048576', 1048576],
    ['512k', 512 * 1024],
    ['512KiB', 512 * 1024],
    ['4MiB', 4 * 1024 * 1024],
    ['2mb', 2 * 1024 * 1024],
  ])('M7 · --max-body %s is %i bytes', (text, bytes) => {
    expect(parseMaxBody(text)).toBe(bytes);
  });

  it.each(['0', '-1', '1.5m', '4GiB', 'lots', ''])('M7 · --max-body %j is refused', (text) => {
    expect(() => parseMaxBody(text)).toThrow(/^--max-body /);
  });

  it('M7 · the default limit is 1 MiB', () => {
    expect(toHttpServeOptions({ http: '0' }, {}, { name: 'tool' }).maxBody).toBe(DEFAULT_MAX_BODY);
    expect(DEFAULT_MAX_BODY).toBe(1024 * 1024);
  });

  it('M7 · origins are read as a browser sends them; repeated or comma-separated', () => {
    const options = toHttpServeOptions(
      { http: '0', allowOrigin: 'https://App.Example.com/,http://localhost:5173,https://b.example:8443' },
      {},
      { name: 'tool' },
    );
    expect(options.allowOrigins).toEqual([
      'https://app.example.com',
      'http://localhost:5173',
      'https://b.example:8443',
    ]);
  });

  it.each(['app.example.com', 'https://app.example.com/path', 'ftp://x.example', '*', 'https://a.example?q=1'])(
    'M7 · --allow-origin %j is refused',
    (text) => {
      expect(() => parseOrigin(text)).toThrow(/^--allow-origin /);
    },
  );
});
