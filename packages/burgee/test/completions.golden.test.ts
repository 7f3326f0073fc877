import { describe, expect, it } from 'vitest';
import { buildManifest } from '../src/declaration/to-manifest.js';
import { renderCompletion, SHELLS } from '../src/projections/completions/index.js';
import { runProgram } from '../src/testing/index.js';
import { program } from './fixtures/shells/cli.mjs';
import { runCli } from './support/cli.js';
import { shellsFixture } from './support/shells.js';

const extension = { bash: 'bash', zsh: 'zsh', fish: 'fish', pwsh: 'ps1' } as const;
const synthesised = ['help', 'completion', 'mcp', 'skills'];

describe('C1 · the generated scripts, reviewed as golden files', () => {
  it.each(SHELLS)('C1 · %s', async (shell) => {
    const script = renderCompletion(buildManifest(program), shell, synthesised);
    await expect(script).toMatchFileSnapshot(`./golden/completions/tool.${extension[shell]}`);
  });

  it.each(SHELLS)('C1 · %s: each script says at its top how to install it', (shell) => {
    const head = renderCompletion(buildManifest(program), shell).split('\n').slice(0, 4).join('\n');
    expect(head).toMatch(/Install/);
    expect(head).toContain(`tool completion ${shell}`);
  });

  it('C1 · `completion <shell>` prints the same script the projection renders', async () => {
    for (const shell of SHELLS) {
      const result = await runProgram(program, ['completion', shell]);
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toBe(renderCompletion(buildManifest(program), shell, synthesised));
    }
  });

  it('C1 · an unknown shell is a usage error naming the shells, under --json too', async () => {
    const result = await runProgram(program, ['completion', 'tcsh', '--json']);
    expect(result.exitCode).toBe(2);
    expect(result.json).toMatchObject({
      ok: false,
      error: {
        code: 2,
        message: 'tool completion does not know the shell "tcsh"',
        hint: 'choose one of: bash, zsh, fish, pwsh',
      },
    });
    const typo = await runProgram(program, ['completion', 'fihs']);
    expect(typo.stderr).toContain('fix: tool completion fish');
  });
});

describe('C2 · __complete', () => {
  it('C2 · prints the candidates of a complete function one per line, exit 0', async () => {
    const result = await runProgram(program, ['__complete', 'deploy', '--region', 'eu'], {
      env: { SHELLS_REGIONS: 'eu-west,us-east,eu-south' },
    });
    expect(result).toMatchObject({ exitCode: 0, stdout: 'eu-west\neu-south\n', stderr: '' });
  });

  it('C1 · D4 · offers the choices of the argument the word is, counting the positionals before it', async () => {
    const complete = async (...words: string[]) => (await runProgram(program, ['__complete', ...words])).stdout;
    expect(await complete('config', 'set', '')).toBe('colour\neditor\n');
    expect(await complete('config', 'set', 'colour', '')).toBe('');
    expect(await complete('deploy', '--target', 'web', '-c', 'beta', 'api', 'w')).toBe('web\nworker\n');
    expect(await complete('deploy', '--verify', '')).toBe('api\nweb\nworker\n');
  });

  it('C2 · reads --flag=partial, short flags and nested commands', async () => {
    expect((await runProgram(program, ['__complete', 'deploy', '--region=us'])).stdout).toBe('us-east\n');
    expect((await runProgram(program, ['__complete', 'deploy', '-c', 'n'])).stdout).toBe('nightly\n');
    expect((await runProgram(program, ['__complete', 'config', 'get', '--scope', ''])).stdout).toBe('local\nglobal\n');
    expect((await runProgram(program, ['__complete', 'deploy', '--', '--re'])).stdout).toBe('');
  });

  it('C2 · a throwing completer prints nothing and still exits 0', async () => {
    const result = await runProgram(program, ['__complete', 'deploy', '--broken', '']);
    expect(result).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('D7 · a lazy command completes without importing its handler; running it does import it', async () => {
    const completing = await runCli(shellsFixture, ['__complete', 'lazy', '--flavour', 'c']);
    expect(completing).toMatchObject({ code: 0, stdout: 'chocolate\n', stderr: '' });
    const script = await runCli(shellsFixture, ['completion', 'bash']);
    expect(script.stderr).toBe('');
    const running = await runCli(shellsFixture, ['lazy']);
    expect(running.stderr).toContain('LAZY HANDLER IMPORTED');
  });
});
