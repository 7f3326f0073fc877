// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the entries hold the clients' own ${VAR} placeholders
import { describe, expect, it } from 'vitest';
import { CLIENTS, type Place, passesVariables, toClientConfig } from './index.js';

const linux: Place = { platform: 'linux', home: '/home/ada', cwd: '/work/app', env: {} };
const http = { kind: 'http', url: 'https://tools.example/mcp', tokenVariable: 'TOOL_MCP_TOKEN' } as const;

describe('K1 · entries for a server served over HTTP', () => {
  // Restated per client: the key that holds the URL and how the bearer token's variable is referenced.
  const expected: Record<(typeof CLIENTS)[number], Record<string, unknown>> = {
    'claude-code': { type: 'http', url: http.url, headers: { Authorization: 'Bearer ${TOOL_MCP_TOKEN}' } },
    'claude-desktop': { url: http.url },
    cursor: { url: http.url, headers: { Authorization: 'Bearer ${env:TOOL_MCP_TOKEN}' } },
    vscode: { type: 'http', url: http.url, headers: { Authorization: 'Bearer ${env:TOOL_MCP_TOKEN}' } },
    codex: { url: http.url, bearer_token_env_var: 'TOOL_MCP_TOKEN' },
    gemini: { httpUrl: http.url, headers: { Authorization: 'Bearer ${TOOL_MCP_TOKEN}' } },
    windsurf: { serverUrl: http.url, headers: { Authorization: 'Bearer ${env:TOOL_MCP_TOKEN}' } },
    copilot: { type: 'http', url: http.url, headers: { Authorization: 'Bearer ${TOOL_MCP_TOKEN}' }, tools: ['*'] },
    opencode: {
      type: 'remote',
      url: http.url,
      headers: { Authorization: 'Bearer {env:TOOL_MCP_TOKEN}' },
      enabled: true,
    },
    // Zed expands no variable in a header: the person adds it.
    zed: { url: http.url },
    goose: {
      type: 'streamable_http',
      name: 'tool',
      enabled: true,
      uri: http.url,
      headers: { Authorization: 'Bearer $TOOL_MCP_TOKEN' },
      env_keys: ['TOOL_MCP_TOKEN'],
      timeout: 300,
    },
  };

  it.each(CLIENTS)('K1 · %s', (client) => {
    expect(toClientConfig(client, 'tool', http, 'user', linux).entry).toEqual(expected[client]);
  });
});

describe('K1 · per-OS user files', () => {
  const mac: Place = { platform: 'darwin', home: '/Users/ada', cwd: '/w', env: {} };
  const windows: Place = {
    platform: 'win32',
    home: 'C:\\Users\\ada',
    cwd: 'C:\\w',
    env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' },
  };
  const stdio = { kind: 'stdio', command: '/usr/bin/node', args: ['/app/cli.mjs', '--mcp'] } as const;
  const file = (client: (typeof CLIENTS)[number], place: Place) =>
    toClientConfig(client, 'tool', stdio, 'user', place).file;

  it('K1 · claude-desktop', () => {
    expect(file('claude-desktop', mac)).toBe(
      '/Users/ada/Library/Application Support/Claude/claude_desktop_config.json',
    );
    expect(file('claude-desktop', windows)).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
    );
    expect(file('claude-desktop', linux)).toBe('/home/ada/.config/Claude/claude_desktop_config.json');
    expect(file('claude-desktop', { ...linux, env: { XDG_CONFIG_HOME: '/xdg' } })).toBe(
      '/xdg/Claude/claude_desktop_config.json',
    );
  });

  it('K1 · vscode', () => {
    expect(file('vscode', mac)).toBe('/Users/ada/Library/Application Support/Code/User/mcp.json');
    expect(file('vscode', windows)).toBe('C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\mcp.json');
    expect(file('vscode', linux)).toBe('/home/ada/.config/Code/User/mcp.json');
  });

  it('K1 · copilot: ~/.copilot, or $COPILOT_HOME', () => {
    expect(file('copilot', linux)).toBe('/home/ada/.copilot/mcp-config.json');
    expect(file('copilot', { ...linux, env: { COPILOT_HOME: '/c' } })).toBe('/c/mcp-config.json');
    expect(file('copilot', windows)).toBe('C:\\Users\\ada\\.copilot\\mcp-config.json');
  });

  it('K1 · opencode: the XDG config folder on every platform', () => {
    expect(file('opencode', linux)).toBe('/home/ada/.config/opencode/opencode.json');
    expect(file('opencode', mac)).toBe('/Users/ada/.config/opencode/opencode.json');
    expect(file('opencode', { ...linux, env: { XDG_CONFIG_HOME: '/xdg' } })).toBe('/xdg/opencode/opencode.json');
    expect(file('opencode', windows)).toBe('C:\\Users\\ada\\.config\\opencode\\opencode.json');
  });

  it('K1 · zed and goose: the XDG config folder, %APPDATA% on Windows', () => {
    expect(file('zed', linux)).toBe('/home/ada/.config/zed/settings.json');
    expect(file('zed', mac)).toBe('/Users/ada/.config/zed/settings.json');
    expect(file('zed', windows)).toBe('C:\\Users\\ada\\AppData\\Roaming\\Zed\\settings.json');
    expect(file('goose', linux)).toBe('/home/ada/.config/goose/config.yaml');
    expect(file('goose', { ...mac, env: { XDG_CONFIG_HOME: '/xdg' } })).toBe('/xdg/goose/config.yaml');
    expect(file('goose', windows)).toBe('C:\\Users\\ada\\AppData\\Roaming\\Block\\goose\\config\\config.yaml');
  });

  it('K1 · a client without a project file falls back to its user file and says so', () => {
    const config = toClientConfig('windsurf', 'tool', stdio, 'project', linux);
    expect(config).toMatchObject({
      scope: 'user',
      scopeFallback: true,
      file: '/home/ada/.codeium/windsurf/mcp_config.json',
    });
    expect(toClientConfig('cursor', 'tool', stdio, 'project', linux)).toMatchObject({
      scope: 'project',
      scopeFallback: false,
      file: '/work/app/.cursor/mcp.json',
    });
  });
});

describe('K2 · the keys burgee owns in an entry', () => {
  const stdio = { kind: 'stdio', command: '/usr/bin/node', args: ['/app/cli.mjs', '--mcp'] } as const;
  const burgeeKeys = (client: (typeof CLIENTS)[number]) =>
    toClientConfig(client, 'tool', stdio, 'user', linux).burgeeKeys;

  it('K2 · every key an entry of the client can hold, over stdio or HTTP', () => {
    expect(burgeeKeys('opencode')).toEqual(expect.arrayContaining(['type', 'command', 'url', 'headers', 'enabled']));
    expect(burgeeKeys('goose')).toEqual(expect.arrayContaining(['cmd', 'args', 'uri', 'headers', 'name', 'timeout']));
  });

  it("K2 · never a key the client leaves to the person: Zed's headers, goose's envs and env_keys", () => {
    expect(burgeeKeys('zed')).not.toContain('headers');
    expect(burgeeKeys('goose')).not.toContain('envs');
    expect(burgeeKeys('goose')).not.toContain('env_keys');
    expect(burgeeKeys('cursor')).toContain('headers');
  });
});

describe('K1 · --env: the variables a stdio entry has the client pass, by name', () => {
  const stdio = {
    kind: 'stdio',
    command: '/usr/bin/node',
    args: ['/app/cli.mjs', '--mcp'],
    variables: ['DATABASE_URL', 'API_KEY'],
  } as const;
  // Restated per client from its documentation: the key, and how each name is referenced.
  const expected: Partial<Record<(typeof CLIENTS)[number], Record<string, unknown>>> = {
    'claude-code': { env: { DATABASE_URL: '${DATABASE_URL}', API_KEY: '${API_KEY}' } },
    cursor: { env: { DATABASE_URL: '${env:DATABASE_URL}', API_KEY: '${env:API_KEY}' } },
    vscode: { env: { DATABASE_URL: '${env:DATABASE_URL}', API_KEY: '${env:API_KEY}' } },
    codex: { env_vars: ['DATABASE_URL', 'API_KEY'] },
    gemini: { env: { DATABASE_URL: '${DATABASE_URL}', API_KEY: '${API_KEY}' } },
    windsurf: { env: { DATABASE_URL: '${env:DATABASE_URL}', API_KEY: '${env:API_KEY}' } },
    copilot: { env: { DATABASE_URL: '${DATABASE_URL}', API_KEY: '${API_KEY}' } },
    opencode: { environment: { DATABASE_URL: '{env:DATABASE_URL}', API_KEY: '{env:API_KEY}' } },
    goose: { env_keys: ['DATABASE_URL', 'API_KEY'] },
  };

  it.each(CLIENTS)('K1 · %s', (client) => {
    const wanted = expected[client];
    expect(passesVariables(client)).toBe(wanted !== undefined);
    if (wanted === undefined) {
      expect(() => toClientConfig(client, 'tool', stdio, 'user', linux)).toThrow(/cannot pass a variable/);
      return;
    }
    const config = toClientConfig(client, 'tool', stdio, 'user', linux);
    expect(config.entry).toMatchObject(wanted);
    expect(config.variables).toEqual(['DATABASE_URL', 'API_KEY']);
    // The key is the person's as much as burgee's: a re-install merges into it, never drops it (K2).
    expect(config.burgeeKeys).not.toContain(Object.keys(wanted)[0]);
  });

  it('K1 · no variables, no key: the entry is as before', () => {
    const config = toClientConfig('cursor', 'tool', { ...stdio, variables: [] }, 'user', linux);
    expect(config.entry).toEqual({ command: '/usr/bin/node', args: ['/app/cli.mjs', '--mcp'] });
    expect(config.variables).toBeUndefined();
  });
});
