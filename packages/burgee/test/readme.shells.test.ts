import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { example, repoRoot, runCli } from './support/cli.js';

const readme = readFileSync(`${repoRoot}README.md`, 'utf8');
const section = (title: string) => readme.slice(readme.indexOf(`## ${title}`)).split('\n## ')[0]!;

describe('the README on shells and agents', () => {
  it('K1 · "Register with your agent" shows what mcp install really prints', async () => {
    const block = /```console\n([\s\S]*?)```/.exec(section('Register with your agent'))?.[1] ?? '';
    const project = realpathSync(mkdtempSync(join(tmpdir(), 'burgee-readme-')));
    try {
      // The README's folder is /home/ada/app; here it is a scratch folder, HOME beside it.
      let transcript = '';
      for (const line of block.split('\n').filter((l) => l.startsWith('$ ship '))) {
        const result = await runCli(example('ship'), line.slice('$ ship '.length).split(' '), {
          cwd: project,
          env: { HOME: join(project, 'home') },
        });
        transcript += `${line}\n${result.stdout}${result.stderr}`;
      }
      expect(transcript.replaceAll(project, '/home/ada/app')).toBe(block);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('C1 · "Shell completion" names the real commands: each one prints a script for that shell', async () => {
    const commands = [...section('Shell completion').matchAll(/^ship completion (\w+)/gm)].map((m) => m[1]!);
    expect(commands).toEqual(['bash', 'zsh', 'fish', 'pwsh']);
    for (const shell of commands) {
      const result = await runCli(example('ship'), ['completion', shell]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`ship completion ${shell}`);
    }
  });
});
