import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { example, runCli } from './support/cli.js';
import { parseAs } from './support/client-files.js';

// K2/K4 for the formats that carry comments besides TOML: JSON with comments (Zed's settings,
// opencode's config) and YAML (goose's config). Each install is a real process of the deploy
// example (server name `tool`); every file is read back with its format's own library.
const program = example('deploy');

let home: string;
let project: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'burgee-formats-home-'));
  project = mkdtempSync(join(tmpdir(), 'burgee-formats-project-'));
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
});

const install = (client: string, ...more: string[]) =>
  runCli(program, ['mcp', 'install', client, '--json', ...more], { cwd: project, env: { HOME: home } });
const put = (file: string, text: string) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const zedFile = () => join(project, '.zed', 'settings.json');
const gooseFile = () => join(home, '.config', 'goose', 'config.yaml');
const json = (value: unknown) => JSON.stringify(value);

describe('K2 · Zed: settings.json is JSON with comments', () => {
  it('K2 · comments, trailing commas and every other line stay as written; burgee only adds its entry', async () => {
    const before = [
      '// Zed settings, by hand',
      '{',
      '  "theme": "One Dark", // the dark one',
      '  /* servers */',
      '  "context_servers": {',
      '    "other": { "command": "other-server", },',
      '  },',
      '}',
      '',
    ].join('\n');
    put(zedFile(), before);
    const result = await install('zed');
    expect(result.code).toBe(0);
    const entry = `"tool": {\n      "command": ${json(process.execPath)},\n      "args": [\n        ${json(program)},\n        "--mcp"\n      ]\n    },`;
    expect(readFileSync(zedFile(), 'utf8')).toBe(
      before.replace('"context_servers": {\n', `"context_servers": {\n    ${entry}\n`),
    );
    expect(readFileSync(`${zedFile()}.bak`, 'utf8')).toBe(before);
  });

  it("K2 · a re-install sets burgee's keys in the entry and keeps the person's keys and the comments beside them", async () => {
    const before = [
      '{',
      '  "context_servers": {',
      '    "tool": {',
      '      "command": "old-node",',
      '      "env": { "LOG": "debug" }, // mine',
      '      "args": ["old.mjs"],',
      '    },',
      '  },',
      '}',
      '',
    ].join('\n');
    put(zedFile(), before);
    expect((await install('zed')).code).toBe(0);
    const after = readFileSync(zedFile(), 'utf8');
    expect(after).toContain('      "env": { "LOG": "debug" }, // mine\n');
    expect(parseAs('jsonc', after)).toEqual({
      context_servers: { tool: { command: process.execPath, env: { LOG: 'debug' }, args: [program, '--mcp'] } },
    });
  });

  it('K2 · over HTTP the entry is the URL: a header the person added (Zed reads no variable) survives a re-install', async () => {
    const url = 'http://127.0.0.1:7000/mcp';
    expect((await install('zed', '--http', url)).code).toBe(0);
    const text = readFileSync(zedFile(), 'utf8').replace(
      `"url": ${json(url)}`,
      `"url": ${json(url)},\n      "headers": { "Authorization": "Bearer by-hand" } // added by the person`,
    );
    put(zedFile(), text);
    expect(JSON.parse((await install('zed', '--http', url)).stdout).data.changed).toBe(false);
    expect(readFileSync(zedFile(), 'utf8')).toBe(text);
  });

  it('K4 · a key named twice is refused with exit 3, naming it, the file untouched', async () => {
    const before = '{\n  "context_servers": {},\n  // again\n  "context_servers": { "x": {} },\n}\n';
    put(zedFile(), before);
    const result = await install('zed');
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout).error.message).toContain('has the key "context_servers" twice');
    expect(readFileSync(zedFile(), 'utf8')).toBe(before);
  });

  it('K4 · CRLF line endings stay CRLF', async () => {
    put(zedFile(), '{\r\n  // mine\r\n  "vim_mode": true,\r\n}\r\n');
    expect((await install('zed')).code).toBe(0);
    const after = readFileSync(zedFile(), 'utf8');
    expect(after.split('\n').every((line, i, all) => i === all.length - 1 || line.endsWith('\r'))).toBe(true);
    expect(after).toContain('  // mine\r\n  "vim_mode": true,\r\n');
  });
});

describe('K2 · VS Code: mcp.json is JSON with comments', () => {
  it('K2 · a file with comments is merged, not refused: the comments and the inputs stay', async () => {
    const file = join(project, '.vscode', 'mcp.json');
    const before =
      '{\n  // ask once, keep in the keychain\n  "inputs": [{ "type": "promptString", "id": "key" }],\n  "servers": {},\n}\n';
    put(file, before);
    expect((await install('vscode')).code).toBe(0);
    const after = readFileSync(file, 'utf8');
    expect(after).toContain(
      '  // ask once, keep in the keychain\n  "inputs": [{ "type": "promptString", "id": "key" }],\n',
    );
    expect(parseAs('jsonc', after)).toMatchObject({ servers: { tool: { type: 'stdio', command: process.execPath } } });
  });
});

describe('K2 · opencode: opencode.json may hold comments too', () => {
  it('K2 · its $schema, comments and other servers stay; the entry is the local command array, enabled', async () => {
    const file = join(project, 'opencode.json');
    const before =
      '{\n  "$schema": "https://opencode.ai/config.json",\n  // my MCP servers\n  "mcp": {\n    "other": { "type": "remote", "url": "https://x.example/mcp", "enabled": false },\n  },\n}\n';
    put(file, before);
    expect((await install('opencode')).code).toBe(0);
    const after = readFileSync(file, 'utf8');
    for (const line of before.split('\n')) expect(after).toContain(line);
    expect(parseAs('jsonc', after)).toMatchObject({
      $schema: 'https://opencode.ai/config.json',
      mcp: {
        other: { enabled: false },
        tool: { type: 'local', command: [process.execPath, program, '--mcp'], enabled: true },
      },
    });
  });
});

describe('K2 · goose: config.yaml through a YAML library that keeps comments', () => {
  const gooseConfig = [
    '# goose: provider and model',
    'GOOSE_PROVIDER: anthropic',
    'GOOSE_MODEL: claude-sonnet-4-5 # the fast one',
    '',
    'extensions:',
    '  # shipped with goose',
    '  developer:',
    '    bundled: true',
    '    enabled: true',
    '    name: developer',
    '    timeout: 300',
    '    type: builtin',
    '',
    '# keep these last',
    'GOOSE_MODE: smart_approve',
    '',
  ].join('\n');

  it('K2 · comments, blank lines, order and every other line stay as written; burgee adds its extension', async () => {
    put(gooseFile(), gooseConfig);
    const result = await install('goose');
    expect(result.code).toBe(0);
    const tool = [
      '',
      '  tool:',
      '    type: stdio',
      '    name: tool',
      '    enabled: true',
      `    cmd: ${process.execPath}`,
      '    args:',
      `      - ${program}`,
      '      - --mcp',
      '    timeout: 300',
    ];
    expect(readFileSync(gooseFile(), 'utf8')).toBe(
      gooseConfig.replace('    type: builtin\n', `    type: builtin\n${tool.slice(1).join('\n')}\n`),
    );
    expect(readFileSync(`${gooseFile()}.bak`, 'utf8')).toBe(gooseConfig);
  });

  it("K2 · a re-install replaces burgee's keys, keeps the person's envs, comments and goose's own list style", async () => {
    const before = [
      'extensions:',
      '  tool:',
      '    args:',
      '    - old.mjs',
      '    cmd: old-node',
      '    enabled: false # switched off for now',
      '    envs:',
      '      LOG: debug # mine',
      '    name: tool',
      '    type: stdio',
      '',
    ].join('\n');
    put(gooseFile(), before);
    expect((await install('goose')).code).toBe(0);
    const after = readFileSync(gooseFile(), 'utf8');
    expect(after).toBe(
      [
        'extensions:',
        '  tool:',
        '    args:',
        `    - ${program}`,
        '    - --mcp',
        `    cmd: ${process.execPath}`,
        '    enabled: true # switched off for now',
        '    envs:',
        '      LOG: debug # mine',
        '    name: tool',
        '    type: stdio',
        '    timeout: 300',
        '',
      ].join('\n'),
    );
    expect(parseAs('yaml', after)).toEqual({
      extensions: {
        tool: {
          args: [program, '--mcp'],
          cmd: process.execPath,
          enabled: true,
          envs: { LOG: 'debug' },
          name: 'tool',
          type: 'stdio',
          timeout: 300,
        },
      },
    });
  });

  it('K4 · a key named twice is refused with exit 3, naming it, the file untouched', async () => {
    const before = 'extensions:\n  a: {}\nextensions:\n  b: {}\n';
    put(gooseFile(), before);
    const result = await install('goose');
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout).error.message).toContain('has the key "extensions" twice');
    expect(readFileSync(gooseFile(), 'utf8')).toBe(before);
    expect(existsSync(`${gooseFile()}.bak`)).toBe(false);
  });

  it('K4 · CRLF line endings stay CRLF', async () => {
    put(gooseFile(), gooseConfig.replaceAll('\n', '\r\n'));
    expect((await install('goose')).code).toBe(0);
    const after = readFileSync(gooseFile(), 'utf8');
    expect(after.replace(/\r\n/g, '')).not.toContain('\n');
    expect(after).toContain('# keep these last\r\nGOOSE_MODE: smart_approve\r\n');
  });

  it('K4 · a config.yaml that is a symbolic link is updated at its target and stays a link', async () => {
    const target = join(home, 'dotfiles', 'goose.yaml');
    put(target, gooseConfig);
    mkdirSync(dirname(gooseFile()), { recursive: true });
    symlinkSync(target, gooseFile());
    expect((await install('goose')).code).toBe(0);
    expect(lstatSync(gooseFile()).isSymbolicLink()).toBe(true);
    expect(parseAs('yaml', readFileSync(target, 'utf8'))).toMatchObject({
      extensions: { tool: { cmd: process.execPath } },
    });
  });
});

// A person's config.yaml may hold anything YAML allows. What burgee cannot write back exactly as it
// was is refused with exit 3 at its own line and column, the file left byte for byte; never exit 1.
describe('K4 · goose: YAML that cannot be edited safely is refused, naming the place', () => {
  /** Installs over `text` and expects a refusal: exit 3, the file named, no stack trace, nothing written. */
  const refused = async (text: string) => {
    put(gooseFile(), text);
    const result = await install('goose');
    expect(result.code).toBe(3);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    const { error } = JSON.parse(result.stdout) as { error: { code: number; message: string; hint: string } };
    expect(error.code).toBe(3);
    expect(error.message).toContain(gooseFile());
    expect(error.message).toContain('nothing was written');
    expect(readFileSync(gooseFile(), 'utf8')).toBe(text);
    expect(existsSync(`${gooseFile()}.bak`)).toBe(false);
    return error;
  };

  it('K4 · a key named twice is refused at the line and column of its second naming, with a hint about YAML, not JSON (probe: goose-duplicate-key-position)', async () => {
    const error = await refused(
      [
        '# goose',
        'GOOSE_PROVIDER: openai',
        'extensions:',
        '  developer:',
        '    enabled: true',
        '  memory:',
        '    enabled: false',
        '  developer:',
        '    enabled: false',
        '',
      ].join('\n'),
    );
    expect(error.message).toContain('has the key "developer" twice (the second at line 8, column 3)');
    expect(error.hint).toContain('YAML');
    expect(error.hint).not.toContain('JSON');
  });

  it('K4 · a !!binary value is refused at its tag, not decoded and written back re-wrapped (probe: goose-binary)', async () => {
    const error = await refused(
      [
        '# goose',
        'GOOSE_PROVIDER: openai',
        '# the team logo, for the banner',
        'logo: !!binary |',
        '  R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
        'extensions:',
        '  developer:',
        '    enabled: true',
        '',
      ].join('\n'),
    );
    expect(error.message).toContain('has a value tagged !!binary at line 4, column 7');
    expect(error.hint).toContain('remove the tag by hand');
  });

  it('K4 · an alias bomb ("billion laughs") is refused at the alias that passes the limit, at once, before anything expands it (probe: goose-alias-bomb)', async () => {
    const rows = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [prior, name] of ['ab', 'bc', 'cd', 'de', 'ef', 'fg', 'gh', 'hi']) {
      rows.push(`${name}: &${name} [${Array(9).fill(`*${prior}`).join(',')}]`);
    }
    const started = Date.now();
    const error = await refused([...rows, 'extensions: {}', ''].join('\n'));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error.message).toContain('expand to more than 10000 values, the limit passed at *d (line 5, column 8)');
  });

  it.each([
    ['!!set', 'tags: !!set\n  ? a\n  ? b\nextensions: {}\n', 'line 1, column 7'],
    ['!!timestamp', 'extensions: {}\nsince: !!timestamp 2001-12-14\n', 'line 2, column 8'],
    ['!!omap', 'order: !!omap\n  - a: 1\n  - b: 2\nextensions: {}\n', 'line 1, column 8'],
    ['!secret', 'extensions:\n  other:\n    envs:\n      TOKEN: !secret vault/token\n', 'line 4, column 14'],
    ['!!int', 'extensions: {}\nport: !!int eighty\n', 'line 2, column 7'],
  ])('K4 · a value tagged %s is refused at its tag (probe: goose-yaml-tags)', async (tag, text, at) => {
    expect((await refused(text)).message).toContain(`has a value tagged ${tag} at ${at}`);
  });

  it('K4 · a stream of two documents is refused at the start of the second (probe: goose-document-stream)', async () => {
    const error = await refused('# mine\nextensions: {}\n---\nGOOSE_MODE: auto\n');
    expect(error.message).toContain('holds more than one YAML document (the second starts at line 3, column 1)');
  });

  it('K4 · a top that is a list is refused as not a map, at the line it starts (probe: goose-top-not-map)', async () => {
    const error = await refused('# my extensions\n- developer\n- memory\n');
    expect(error.message).toContain(
      'must hold a map (key: value lines) at its top, not what starts at line 2, column 1',
    );
  });

  it('K4 · an alias that names no anchor is refused at the alias (probe: goose-alias-unknown)', async () => {
    const error = await refused('extensions:\n  other:\n    cmd: x\n    envs: *shared\n');
    expect(error.message).toContain('the alias *shared at line 4, column 11 names no anchor &shared set before it');
  });

  it('K4 · an entry another key repeats through an alias is refused: editing it would edit the copy too (probe: goose-alias-shared)', async () => {
    const error = await refused('extensions:\n  tool: &tool {cmd: old, args: [old.mjs]}\n  tool-copy: *tool\n');
    expect(error.message).toContain('"extensions.tool" at line 2, column 15 is shared through a YAML anchor and alias');
  });

  it('K2 · anchors and aliases elsewhere are kept as written, an anchor used 120 times too (probe: goose-alias-kept)', async () => {
    const before = [
      '# shared settings',
      'x-env: &env',
      '  LOG: debug',
      `allowed: [${Array(120).fill('*env').join(', ')}]`,
      'extensions:',
      '  other:',
      '    cmd: other-server',
      '    envs: *env # the shared ones',
      '',
    ].join('\n');
    put(gooseFile(), before);
    const result = await install('goose');
    expect(result.code).toBe(0);
    const after = readFileSync(gooseFile(), 'utf8');
    expect(after).toContain('x-env: &env\n  LOG: debug\n');
    expect(after).toContain('    envs: *env # the shared ones\n  tool:\n');
    // The test's own reader lifts the package's limit of 100 alias uses, which the file passes on purpose.
    expect(parseYaml(after, { maxAliasCount: -1 })).toMatchObject({
      extensions: { other: { envs: { LOG: 'debug' } }, tool: { cmd: process.execPath } },
    });
  });

  it('K2 · a document that is only `---` (null) is filled with the entry, not a failure (probe: goose-empty-document)', async () => {
    put(gooseFile(), '# goose\n---\n...\n');
    const result = await install('goose');
    expect(result.code).toBe(0);
    const after = readFileSync(gooseFile(), 'utf8');
    expect(after.startsWith('# goose\n---\nextensions:\n  tool:\n')).toBe(true);
    expect(parseAs('yaml', after)).toMatchObject({ extensions: { tool: { cmd: process.execPath } } });
  });
});
