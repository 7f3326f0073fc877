// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the entries hold the clients' own ${VAR} placeholders
import * as toml from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { mergeJsonEntry } from './json.js';
import { duplicateKey } from './json-duplicates.js';
import { mergeServer } from './server-entry.js';
import { mergeTomlEntry } from './toml.js';

// The formats' merges are plain functions of text: what they keep and what they refuse, without files.
const OWNED = ['command', 'args', 'type', 'url', 'headers'];
const entry = { command: '/bin/node', args: ['cli.mjs', '--mcp'] };

describe('K4 · duplicateKey', () => {
  it.each([
    ['{"a":1,"a":2}', 'a', 7],
    ['{"x":{"a":1},"y":{"a":1,"b":[{"k":1,"k":2}]}}', 'y.b[0].k', 36],
    ['[{"a":1},{"a":2,"a":3}]', '[1].a', 16],
    ['{"a":1,"\\u0061":2}', 'a', 7],
  ])('K4 · %s names %s twice', (text, path, offset) => {
    expect(duplicateKey(text)).toEqual({ path, offset });
  });

  it.each([
    '{"a":"a","b":"a"}',
    '{"a":["a","a"]}',
    '{"a":{"b":1},"b":{"a":1}}',
    '{"q\\"uote":1,"q":2}',
    '{"{":"}","[":"]","a":"\\\\"}',
  ])('K4 · %s names no key twice (values, other objects, escapes, brackets in strings)', (text) => {
    expect(duplicateKey(text)).toBeUndefined();
  });
});

describe('K2 · mergeServer', () => {
  it("K2 · burgee's keys take its values or go; the user's stay where they were", () => {
    const mine = { env: { A: '1' }, command: 'old', url: 'gone', timeout: 5 };
    const merged = mergeServer(mine, entry, OWNED);
    expect(merged).toEqual({ env: { A: '1' }, command: '/bin/node', timeout: 5, args: ['cli.mjs', '--mcp'] });
    expect(Object.keys(merged)).toEqual(['env', 'command', 'timeout', 'args']);
  });

  it("K2 · a key the person shares with burgee (the variables passed) gets burgee's names, keeping the person's", () => {
    const mine = { command: 'old', env: { LOG: 'debug', DATABASE_URL: 'stale' }, env_vars: ['LOG_LEVEL'] };
    const ours = { ...entry, env: { DATABASE_URL: '${DATABASE_URL}' }, env_vars: ['DATABASE_URL', 'LOG_LEVEL'] };
    const merged = mergeServer(mine, ours, OWNED);
    expect(merged).toEqual({
      command: '/bin/node',
      env: { LOG: 'debug', DATABASE_URL: '${DATABASE_URL}' },
      env_vars: ['LOG_LEVEL', 'DATABASE_URL'],
      args: ['cli.mjs', '--mcp'],
    });
    expect(Object.keys(merged.env as object)).toEqual(['LOG', 'DATABASE_URL']);
  });

  it('K2 · a key burgee owns is replaced whole, table or not', () => {
    const mine = { url: 'u', headers: { Authorization: 'old', 'X-Mine': '1' } };
    expect(mergeServer(mine, { url: 'v', headers: { Authorization: 'new' } }, OWNED)).toEqual({
      url: 'v',
      headers: { Authorization: 'new' },
    });
  });

  it('K2 · anything but a table in that place is replaced by the entry', () => {
    expect(mergeServer('a string', entry, OWNED)).toEqual(entry);
    expect(mergeServer([1], entry, OWNED)).toEqual(entry);
  });
});

describe('K2 · mergeJsonEntry', () => {
  const at = ['mcpServers', 'tool'] as const;
  it('K2 · keeps the indentation the file uses (tabs, four spaces)', () => {
    const tabs = mergeJsonEntry('f', '{\n\t"theme": "dark"\n}\n', at, entry, OWNED);
    expect(tabs).toContain('\n\t"mcpServers": {\n\t\t"tool": {\n\t\t\t"command"');
    const four = mergeJsonEntry('f', '{\n    "theme": "dark"\n}\n', at, entry, OWNED);
    expect(four).toContain('\n    "mcpServers": {\n        "tool"');
  });

  it('K2 · returns the very text when the entry is there, whatever the key order', () => {
    const text = '{"mcpServers":{"tool":{"args":["cli.mjs","--mcp"],"env":{},"command":"/bin/node"}}}';
    expect(mergeJsonEntry('f', text, at, entry, OWNED)).toBe(text);
  });

  it('K2 · refuses a servers key that is not an object, and a top that is not one', () => {
    expect(() => mergeJsonEntry('f', '{"mcpServers":[]}', at, entry, OWNED)).toThrow('not a table of servers');
    expect(() => mergeJsonEntry('f', '[]', at, entry, OWNED)).toThrow('must hold an object at its top');
  });
});

describe('K2 · mergeTomlEntry', () => {
  const at = ['mcp_servers', 'tool'] as const;
  const written = `command = "/bin/node"\nargs = [ "cli.mjs", "--mcp" ]`;

  it("K2 · rewrites burgee's keys where the first of them was, a multi-line value whole, the user's lines kept", async () => {
    const text = '[mcp_servers.tool]\n# mine\nenabled = true\nargs = [\n  "old",\n]\ncommand = "old"\ncwd = "/x"\n';
    expect(await mergeTomlEntry('f', text, at, entry, OWNED)).toBe(
      `[mcp_servers.tool]\n# mine\nenabled = true\n${written}\ncwd = "/x"\n`,
    );
  });

  it("K2 · a quoted table name and quoted keys are the server's too", async () => {
    const text = '[mcp_servers."tool"]\n"command" = "old"\nenv_vars = ["A"]\n';
    expect(await mergeTomlEntry('f', text, at, entry, OWNED)).toBe(
      `[mcp_servers."tool"]\n${written}\nenv_vars = ["A"]\n`,
    );
  });

  it('K2 · a key of burgee written as dotted keys falls back to rewriting the server table, values kept', async () => {
    const text = '# top\n[mcp_servers.tool]\nheaders.Authorization = "x"\nstartup_timeout_sec = 9\n';
    const merged = await mergeTomlEntry('f', text, at, entry, OWNED);
    expect(toml.parse(merged)).toEqual({ mcp_servers: { tool: { ...entry, startup_timeout_sec: 9 } } });
    expect(merged.startsWith('# top\n')).toBe(true);
  });

  it('K2 · refuses text that is not TOML, naming line and column', async () => {
    await expect(mergeTomlEntry('f.toml', 'a = 1\nb = [\n', at, entry, OWNED)).rejects.toMatchObject({
      code: 3,
      message: expect.stringMatching(/^f\.toml is not valid TOML at line \d+, column \d+/),
    });
  });
});
