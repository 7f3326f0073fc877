// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the entries hold the clients' own ${VAR} placeholders
import { existsSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { install, mcpJson, program, stdio } from './support/client-config.js';
import { home, project, put, scratchHomeAndProject } from './support/scratch.js';

// K2/K4: what a (re-)install keeps of a file the user wrote, each install a real process of the deploy
// example (program name `tool`). Each title names the probe of the adversarial round it answers.
scratchHomeAndProject('burgee-merge-');

const data = async (client: string, ...more: string[]) => {
  const result = await install(client, ...more);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout).data;
};
const codexToml = () => join(home, '.codex', 'config.toml');

describe('K2 · a re-install replaces only the keys burgee owns', () => {
  it('K2 · JSON: command and args replaced; env, timeout and other keys the user added kept, in place (probe: reinstall-user-keys)', async () => {
    const mine = { type: 'stdio', command: 'old', args: ['x'], env: { API_KEY: '${KEY}' }, timeout: 30_000 };
    put(mcpJson(), `${JSON.stringify({ mcpServers: { tool: mine, other: { command: 'o' } } }, null, 2)}\n`);
    expect(await data('claude-code')).toMatchObject({ changed: true });
    const after = JSON.parse(readFileSync(mcpJson(), 'utf8')).mcpServers;
    expect(after.tool).toEqual({ type: 'stdio', ...stdio, env: { API_KEY: '${KEY}' }, timeout: 30_000 });
    expect(Object.keys(after.tool)).toEqual(['type', 'command', 'args', 'env', 'timeout']);
    expect(Object.keys(after)).toEqual(['tool', 'other']);
  });

  it('K2 · JSON: moving to --http drops command and args, writes url and headers, keeps env (probe: reinstall-http)', async () => {
    put(mcpJson(), JSON.stringify({ mcpServers: { tool: { ...stdio, env: { A: '1' } } } }));
    await data('claude-code', '--http', 'http://127.0.0.1:7000/mcp');
    expect(JSON.parse(readFileSync(mcpJson(), 'utf8')).mcpServers.tool).toEqual({
      env: { A: '1' },
      type: 'http',
      url: 'http://127.0.0.1:7000/mcp',
      headers: { Authorization: 'Bearer ${BURGEE_MCP_TOKEN}' },
    });
  });

  it("K2 · TOML: burgee's keys rewritten inside the table; startup_timeout_sec, its comment and the env table kept (probe: reinstall-user-keys-toml)", async () => {
    const before = [
      '# codex',
      '[mcp_servers.tool]',
      'command = "old"  # burgee wrote this',
      'args = [',
      '  "a",',
      ']',
      'startup_timeout_sec = 30  # my slow server',
      '',
      '[mcp_servers.tool.env]',
      'TOKEN_FILE = "~/.token"  # mine',
      '',
    ].join('\n');
    put(codexToml(), before);
    await data('codex');
    const entry = `command = ${JSON.stringify(process.execPath)}\nargs = [ ${JSON.stringify(program)}, "--mcp" ]`;
    expect(readFileSync(codexToml(), 'utf8')).toBe(
      before.replace('command = "old"  # burgee wrote this\nargs = [\n  "a",\n]', entry),
    );
    expect(parseToml(readFileSync(codexToml(), 'utf8'))).toEqual({
      mcp_servers: { tool: { ...stdio, startup_timeout_sec: 30, env: { TOKEN_FILE: '~/.token' } } },
    });
  });

  it('K2 · the same entry again is changed:false: nothing written, no backup, no lock left (probe: reinstall-unchanged)', async () => {
    put(mcpJson(), `${JSON.stringify({ mcpServers: { tool: { env: { A: '1' }, type: 'stdio', ...stdio } } })}\n`);
    const before = readFileSync(mcpJson());
    const mtime = statSync(mcpJson()).mtimeMs;
    expect(await data('claude-code')).toMatchObject({ changed: false });
    expect(readFileSync(mcpJson()).equals(before)).toBe(true);
    expect(statSync(mcpJson()).mtimeMs).toBe(mtime);
    expect(readdirSync(project)).toEqual(['.mcp.json']);
  });
});

describe('K4 · line endings, byte-order mark, duplicate keys', () => {
  it('K4 · a JSON file with CRLF line endings stays CRLF, byte-order mark kept (probe: crlf-json)', async () => {
    const text = '\uFEFF{\r\n    "mcpServers": {\r\n        "other": { "command": "o" }\r\n    }\r\n}\r\n';
    put(mcpJson(), text);
    await data('claude-code');
    const after = readFileSync(mcpJson(), 'utf8');
    expect(after.startsWith('\uFEFF{\r\n    "mcpServers": {\r\n        "other": {\r\n')).toBe(true);
    expect(after.replace(/\r\n/g, '')).not.toContain('\n');
    expect(JSON.parse(after.slice(1)).mcpServers.tool).toEqual({ type: 'stdio', ...stdio });
    expect(readFileSync(`${mcpJson()}.bak`, 'utf8')).toBe(text);
  });

  it('K4 · a TOML file with CRLF line endings stays CRLF, every other line as written (probe: crlf-toml)', async () => {
    const text = '# mine\r\nmodel = "o3"\r\n\r\n[mcp_servers.other]\r\ncommand = "o"\r\n';
    put(codexToml(), text);
    await data('codex');
    const after = readFileSync(codexToml(), 'utf8');
    expect(after.startsWith(text)).toBe(true);
    expect(after.replace(/\r\n/g, '')).not.toContain('\n');
    expect(parseToml(after).mcp_servers).toMatchObject({ other: { command: 'o' }, tool: stdio });
  });

  it('K4 · JSON naming a server twice is refused with exit 3 naming the key, not collapsed (probe: json-duplicate-key)', async () => {
    const text = '{\n  "mcpServers": {\n    "a": { "command": "one" },\n    "a": { "command": "two" }\n  }\n}\n';
    put(mcpJson(), text);
    const result = await install('claude-code');
    expect(result.code).toBe(3);
    const { error } = JSON.parse(result.stdout);
    expect(error.message).toContain('"mcpServers.a" twice');
    expect(error.message).toContain('line 4, column 5');
    expect(error.message).toContain(mcpJson());
    expect(readFileSync(mcpJson(), 'utf8')).toBe(text);
    expect(readdirSync(project)).toEqual(['.mcp.json']);
  });

  it('K4 · a duplicate key anywhere in the file is refused, spelt differently too ("\\u0061" is "a") (probe: json-duplicate-key-deep)', async () => {
    put(mcpJson(), '{"theme": {"a": 1, "\\u0061": 2}, "mcpServers": {}}');
    const result = await install('claude-code');
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout).error.message).toContain('"theme.a" twice');
  });
});

describe('K2 · --dry-run', () => {
  it('K2 · --dry-run writes nothing: no file, no backup, no stamp, no lock (probe: dry-run)', async () => {
    put(mcpJson(), `${JSON.stringify({ mcpServers: {} })}\n`);
    const before = readFileSync(mcpJson());
    expect(await data('claude-code', '--dry-run')).toMatchObject({ changed: true, dryRun: true });
    expect(readFileSync(mcpJson()).equals(before)).toBe(true);
    expect(readdirSync(project)).toEqual(['.mcp.json']);
    expect(existsSync(join(home, '.codex'))).toBe(false);
  });

  it('K4 · --dry-run of an install that would be refused is refused the same way (probe: dry-run-refusal)', async () => {
    put(mcpJson(), `${JSON.stringify({ mcpServers: {} })}\n`);
    symlinkSync(join(home, 'victim'), `${mcpJson()}.bak`);
    const result = await install('claude-code', '--dry-run');
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout).error.message).toContain(`${mcpJson()}.bak`);
    expect(existsSync(join(home, 'victim'))).toBe(false);
  });
});

describe('K4 · a goose config.yaml burgee cannot edit safely is refused, exit 3, naming the file, and left as it was', () => {
  const gooseYaml = () => join(home, '.config', 'goose', 'config.yaml');
  const BOMB = [
    'a: &a ["x","x","x","x","x","x","x","x","x"]',
    'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
    'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
    'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
    'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
    'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
    'g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]',
    'extensions: {}',
    '',
  ].join('\n');
  it.each([
    [
      'a key twice, at the second one, with a YAML hint (probe: goose-duplicate-key-position)',
      'extensions:\n  a: 1\n  b: 2\n  a: 3\n',
      /has the key "a" twice \(the second at line 4, column 3\); nothing was written$/,
      /^YAML allows a key once in a map/,
    ],
    [
      'a !!binary where the servers go (probe: goose-binary)',
      'extensions: !!binary aGVsbG8=\n',
      /has a value tagged !!binary at line 1, column 13, which burgee cannot read as plain data; nothing was written$/,
      /^an MCP client's YAML holds plain maps/,
    ],
    [
      'an alias bomb, at once and without eating memory (probe: goose-alias-bomb)',
      BOMB,
      /expand to more than 10000 values, the limit passed at \*d \(line 5, column 8\); nothing was written$/,
      /^write the repeated values out/,
    ],
    [
      'two documents, at the second',
      'extensions: {}\n---\nother: 1\n',
      /holds more than one YAML document \(the second starts at line 2, column 1\)/,
      /the client reads the first/,
    ],
  ])('K4 · %s', async (_, text, message, hint) => {
    put(gooseYaml(), text);
    const result = await install('goose', '--scope', 'user');
    expect(result.code).toBe(3);
    const { error } = JSON.parse(result.stdout) as { error: { message: string; hint: string } };
    expect(error.message.startsWith(gooseYaml())).toBe(true);
    expect(error.message).toMatch(message);
    expect(error.hint).toMatch(hint);
    expect(result.stderr).toBe('');
    expect(readFileSync(gooseYaml(), 'utf8')).toBe(text);
  });

  // Kept, a !!binary was decoded and written back re-encoded (a long one re-wrapped, `|` turned `|-`):
  // a tag is refused at its place instead, the file left as it was; no Node warning is printed.
  it('K4 · a tag that is not plain data is refused at its place, anywhere in the file, with no Node warning', async () => {
    const text = 'extensions: {}\nlogo: !!binary aGVsbG8=\nx: !custom bar\n';
    put(gooseYaml(), text);
    const result = await install('goose', '--scope', 'user');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout).error.message).toContain('has a value tagged !!binary at line 2, column 7');
    expect(readFileSync(gooseYaml(), 'utf8')).toBe(text);
  });
});
