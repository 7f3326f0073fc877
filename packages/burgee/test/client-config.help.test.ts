import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENTS } from '../src/projections/client-config/index.js';
import { example, repoRoot, runCli } from './support/cli.js';
import { CLIENT_FILES } from './support/client-files.js';

// `mcp --help` is the one place a person learns which clients exist and what each option does;
// `help mcp` must print exactly the same. The clients and options are restated here.
const home = mkdtempSync(join(tmpdir(), 'burgee-mcp-help-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const ship = (...args: string[]) => runCli(example('ship'), args, { cwd: home, env: { HOME: home } });
const OPTIONS = ['--scope', '--dry-run', '--http', '--token-env', '--env'];

describe('K1 · mcp --help', () => {
  it('K1 · mcp --help names every client and option (probe: mcp-help)', async () => {
    const help = await ship('mcp', '--help');
    expect(help.code).toBe(0);
    expect(help.stderr).toBe('');
    for (const c of CLIENT_FILES) expect(help.stdout).toMatch(new RegExp(`^  ${c.client} `, 'm'));
    for (const option of OPTIONS) expect(help.stdout).toMatch(new RegExp(`^  ${option} `, 'm'));
    // Each action, each client's files (home as ~), and examples with the program's own name.
    expect(help.stdout).toMatch(/^ {2}config {2,}\S/m);
    expect(help.stdout).toMatch(/^ {2}install {2,}\S/m);
    expect(help.stdout).toMatch(/^ {2}claude-code +\.mcp\.json, ~\/\.claude\.json$/m);
    expect(help.stdout).toMatch(/^ {2}codex +~\/\.codex\/config\.toml \(user file only\)$/m);
    expect(help.stdout).toMatch(/^ {2}zed +[^\n]*(\n {3,}[^\n]*)*takes\s+no\s+--env/m);
    expect(help.stdout).toMatch(/\(default:\s+SHIP_MCP_TOKEN\)/);
    expect(help.stdout).toMatch(/^ {2}ship mcp install \S+ --env DATABASE_URL$/m);
    expect(help.stdout).not.toContain(home);
    expect((await ship('help', 'mcp')).stdout).toBe(help.stdout);
  });

  it('K1 · --json: the same facts as data, and help mcp --json equals it (probe: mcp-help)', async () => {
    const result = await ship('mcp', '--help', '--json');
    expect(result.code).toBe(0);
    const { data } = JSON.parse(result.stdout);
    expect(data.usage).toMatch(/^ship mcp <config\|install> <client> /);
    expect(data.commands.map((c: { name: string }) => c.name)).toEqual(['config', 'install']);
    expect(data.clients.map((c: { name: string }) => c.name)).toEqual(CLIENT_FILES.map((c) => c.client));
    expect(data.clients[0]).toEqual({
      name: 'claude-code',
      project: '.mcp.json',
      user: '~/.claude.json',
      passesVariables: true,
    });
    expect(
      data.clients.filter((c: { passesVariables: boolean }) => !c.passesVariables).map((c: { name: string }) => c.name),
    ).toEqual(['claude-desktop', 'zed']);
    expect(data.options.map((o: { flags: string }) => o.flags.split(' ')[0])).toEqual(OPTIONS);
    expect(data.examples.length).toBeGreaterThanOrEqual(2);
    for (const option of OPTIONS) expect(data.usage).toContain(`[${option}`);
    expect((await ship('help', 'mcp', '--json')).stdout).toBe(result.stdout);
  });
});

describe('K1 · the client list in the docs cannot drift from the clients burgee knows', () => {
  it("K1 · the README's agent section names every client (probe: mcp-help)", () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Register with your agent'));
    const agent = section.slice(0, section.indexOf('\n## ', 3));
    for (const client of CLIENTS) expect(agent).toContain(`\`${client}\``);
  });

  it("K1 · docs/client-config.md's table has a row for every client (probe: mcp-help)", () => {
    const page = readFileSync(join(repoRoot, 'docs', 'client-config.md'), 'utf8');
    for (const client of CLIENTS) expect(page).toMatch(new RegExp(`^\\| \`${client}\` +\\|`, 'm'));
  });
});
