// The clients whose files are JSON with comments (K2, K4): Zed's settings.json, VS Code's mcp.json
// and opencode.json keep their comments, and burgee changes only its own entry.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { install, program } from './support/client-config.js';
import { parseAs } from './support/client-files.js';
import { project, put, scratchHomeAndProject } from './support/scratch.js';

scratchHomeAndProject('burgee-formats-');

const zedFile = () => join(project, '.zed', 'settings.json');
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
