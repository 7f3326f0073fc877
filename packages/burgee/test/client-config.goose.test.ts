// goose's config.yaml (K2, K4): written through a YAML library that keeps comments, blank lines,
// order and the person's own keys.
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gooseFile, install, program } from './support/client-config.js';
import { parseAs } from './support/client-files.js';
import { home, put, scratchHomeAndProject } from './support/scratch.js';

scratchHomeAndProject('burgee-formats-');

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
