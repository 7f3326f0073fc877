import { describe, expect, it } from 'vitest';
import { plainColors } from '../human/colors.js';
import { CLIENTS, type Place, renderMcpHelp, toMcpHelp } from './index.js';

const linux: Place = { platform: 'linux', home: '/home/ada', cwd: '/work/app', env: {} };

describe('K1 · toMcpHelp', () => {
  it('K1 · every client, its project file and its user file with home as ~', () => {
    const help = toMcpHelp('tool', linux, 'TOOL_MCP_TOKEN');
    expect(help.clients.map((c) => c.name)).toEqual([...CLIENTS]);
    expect(help.clients.find((c) => c.name === 'vscode')).toEqual({
      name: 'vscode',
      project: '.vscode/mcp.json',
      user: '~/.config/Code/User/mcp.json',
      passesVariables: true,
    });
    expect(help.clients.find((c) => c.name === 'goose')).toEqual({
      name: 'goose',
      user: '~/.config/goose/config.yaml',
      passesVariables: true,
    });
  });

  it('K1 · a file outside the home folder is shown as it is; Windows keeps its own separator', () => {
    const xdg = toMcpHelp('tool', { ...linux, env: { XDG_CONFIG_HOME: '/etc/xdg' } }, 'T');
    expect(xdg.clients.find((c) => c.name === 'zed')!.user).toBe('/etc/xdg/zed/settings.json');
    const windows: Place = { platform: 'win32', home: 'C:\\Users\\ada', cwd: 'C:\\w', env: {} };
    const help = toMcpHelp('tool', windows, 'T');
    expect(help.clients.find((c) => c.name === 'cursor')!.user).toBe('~\\.cursor\\mcp.json');
  });

  it("K1 · examples use the program's name; --token-env names its default", () => {
    const help = toMcpHelp('ship', linux, 'SHIP_MCP_TOKEN');
    expect(help.examples.every((e) => e.command.startsWith('ship mcp '))).toBe(true);
    expect(help.options.find((o) => o.flags.startsWith('--token-env'))!.description).toContain(
      '(default: SHIP_MCP_TOKEN)',
    );
  });

  it('K1 · the text is rendered from the data: usage first, one section each, no line past the width', () => {
    const text = renderMcpHelp(toMcpHelp('tool', linux, 'T'), { width: 80, colors: plainColors });
    expect(text.startsWith('Usage: tool mcp <config|install> <client>')).toBe(true);
    for (const title of ['Commands:', 'Clients (project file, user file):', 'Options:', 'Examples:'])
      expect(text).toContain(`\n\n${title}\n`);
    expect(
      text
        .split('\n')
        .slice(1)
        .every((line) => line.length <= 80),
    ).toBe(true);
  });
});
