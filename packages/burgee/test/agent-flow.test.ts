import { describe, expect, it } from 'vitest';
import { example, runCli } from './support/cli.js';

const deploy = example('deploy');
const agent = { CLAUDECODE: '1' };

describe('the deploy example program, driven by an agent through a shell', () => {
  it('A4 · --json without --yes prints exactly the action-required line and exits 4, stderr empty', async () => {
    const result = await runCli(deploy, ['deploy', '--target', 'prod', '--json'], { env: agent });
    expect(result.stdout).toBe(
      '{"ok":false,"status":"action_required","reason":"confirm","message":"deploying to prod needs confirmation","next":[{"command":"tool deploy --target prod --yes --json","when":"once you have reviewed the plan"}],"error":{"code":4,"message":"deploying to prod needs confirmation"}}\n',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(4);
  });

  it('A4 · without --json, stderr is exactly the three human lines and stdout is empty', async () => {
    const result = await runCli(deploy, ['deploy', '--target', 'prod'], { env: agent });
    expect(result.stderr).toBe(
      'action required (confirm): deploying to prod needs confirmation\nnext:\n  tool deploy --target prod --yes    once you have reviewed the plan\n',
    );
    expect(result.stdout).toBe('');
    expect(result.code).toBe(4);
  });

  it('E3 · with --yes --json it prints exactly the success envelope with provenance and exits 0', async () => {
    const result = await runCli(deploy, ['deploy', '--target', 'prod', '--yes', '--json'], { env: agent });
    expect(result.stdout).toBe(
      '{"ok":true,"data":{"target":"prod","agent":"claude-code"},"meta":{"provenance":{"target":{"source":"flag","location":"--target"},"yes":{"source":"flag","location":"--yes"}}}}\n',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('E2 · --json counts before the command name and never after --', async () => {
    const before = await runCli(deploy, ['--json', 'deploy', '--target', 'prod', '--yes'], { env: agent });
    expect(JSON.parse(before.stdout)).toMatchObject({ ok: true, data: { target: 'prod' } });
    const after = await runCli(deploy, ['deploy', '--target', 'prod', '--yes', '--', '--json'], { env: agent });
    expect(after.stdout).toBe('target: prod\nagent:  claude-code\n');
  });

  it('E2 · --format json and --output json read as --json', async () => {
    for (const words of [['--format', 'json'], ['--output=json']]) {
      const result = await runCli(deploy, ['deploy', '--target', 'prod', '--yes', ...words], { env: agent });
      expect(JSON.parse(result.stdout)).toMatchObject({ ok: true });
    }
  });

  it('A2 · FORCE_TTY=1 lets the handler treat the caller as a person and go on', async () => {
    const result = await runCli(deploy, ['deploy', '--target', 'prod', '--json'], {
      env: { ...agent, FORCE_TTY: '1' },
    });
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, data: { target: 'prod', agent: 'claude-code' } });
  });

  it('A1 · with no agent variable set, agent is null in the data', async () => {
    const result = await runCli(deploy, ['deploy', '--target', 'prod', '--yes', '--json']);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, data: { agent: null } });
  });
});
