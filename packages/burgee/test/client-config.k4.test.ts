// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the entries hold the clients' own ${VAR} placeholders

import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  linkSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { install, mcpJson, stdio } from './support/client-config.js';
import { home, project, put, scratchHomeAndProject } from './support/scratch.js';

// K2/K4 against real files in a scratch HOME and project, each install a real process of the deploy
// example (program name `tool`). Each title names the probe of the adversarial round it answers.
scratchHomeAndProject('burgee-k4-');

type Envelope = { ok: boolean; data: Record<string, unknown>; error: { code: number; message: string; hint?: string } };
const envelope = (stdout: string) => JSON.parse(stdout) as Envelope;
const OTHER = `${JSON.stringify({ mcpServers: { other: { command: 'other-server' } } }, null, 2)}\n`;
/** Everything in a folder, for "nothing else was written": no lock, no temporary file, no stamp. */
const listing = (folder: string) => readdirSync(folder).sort();

/** Exit 3 with one failure envelope whose message names `what`, and nothing on stderr (E5). */
async function refused(client: string, what: string, ...more: string[]) {
  const result = await install(client, ...more);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(3);
  const { error } = envelope(result.stdout);
  expect(error).toMatchObject({ code: 3 });
  expect(error.message).toContain(what);
  expect(error.message).toContain('nothing was written');
  expect(error.hint).toEqual(expect.any(String));
  return error as { message: string; hint: string };
}

describe('K4 · the backup', () => {
  it('K4 · a .bak that is a symlink is refused, nothing written, the file it points to untouched (probe: bak-symlink)', async () => {
    put(mcpJson(), OTHER);
    const victim = join(home, '.bashrc');
    put(victim, 'echo mine\n');
    symlinkSync(victim, `${mcpJson()}.bak`);
    const before = listing(project);
    const error = await refused('claude-code', `${mcpJson()}.bak`);
    expect(error.message).toContain('symbolic link');
    expect(readFileSync(victim, 'utf8')).toBe('echo mine\n');
    expect(readFileSync(mcpJson(), 'utf8')).toBe(OTHER);
    expect(readlinkSync(`${mcpJson()}.bak`)).toBe(victim);
    expect(listing(project)).toEqual(before);
  });

  it('K4 · a .bak that is a dangling symlink is refused too: nothing is created where it points (probe: bak-symlink-dangling)', async () => {
    put(mcpJson(), OTHER);
    const nowhere = join(home, '.profile');
    symlinkSync(nowhere, `${mcpJson()}.bak`);
    await refused('claude-code', `${mcpJson()}.bak`);
    expect(existsSync(nowhere)).toBe(false);
    expect(readFileSync(mcpJson(), 'utf8')).toBe(OTHER);
  });

  it('K4 · a .bak burgee did not make (a plain file of the user) is refused and kept byte for byte (probe: bak-foreign)', async () => {
    put(mcpJson(), OTHER);
    put(`${mcpJson()}.bak`, 'my own notes\n');
    const error = await refused('claude-code', `${mcpJson()}.bak`);
    expect(error.message).toContain('not a backup burgee made');
    expect(readFileSync(`${mcpJson()}.bak`, 'utf8')).toBe('my own notes\n');
    expect(readFileSync(mcpJson(), 'utf8')).toBe(OTHER);
  });

  it('K4 · a .bak hard-linked to another file is refused, that file untouched (probe: bak-hardlink)', async () => {
    put(mcpJson(), OTHER);
    const victim = join(project, 'notes.txt');
    put(victim, 'keep me\n');
    linkSync(victim, `${mcpJson()}.bak`);
    await refused('claude-code', `${mcpJson()}.bak`);
    expect(readFileSync(victim, 'utf8')).toBe('keep me\n');
  });

  it('K4 · a .bak shipped with a stamp that matches its bytes (as a cloned repository could) is refused: the stamp cannot name its inode (probe: bak-forged-stamp)', async () => {
    put(mcpJson(), OTHER);
    expect((await install('claude-code')).code).toBe(0);
    const stamp = JSON.parse(readFileSync(`${mcpJson()}.bak.burgee`, 'utf8'));
    // The repository's own file takes the .bak's place, with a stamp of its size and SHA-256; the
    // inode it names is the only one it could know, the old backup's (kept, so it is not reused).
    renameSync(`${mcpJson()}.bak`, join(project, 'old-backup'));
    const theirs = Buffer.from('a file of the repository\n');
    put(`${mcpJson()}.bak`, theirs);
    const sha256 = createHash('sha256').update(theirs).digest('hex');
    put(`${mcpJson()}.bak.burgee`, JSON.stringify({ ...stamp, size: theirs.length, sha256 }));
    writeFileSync(mcpJson(), OTHER);
    const error = await refused('claude-code', `${mcpJson()}.bak`);
    expect(error.message).toContain('not the file burgee wrote there');
    expect(readFileSync(`${mcpJson()}.bak`).equals(theirs)).toBe(true);
  });

  it("K4 · burgee's own .bak is replaced by the next install, and holds the file as it was just before (probe: bak-own)", async () => {
    put(mcpJson(), OTHER);
    expect((await install('claude-code')).code).toBe(0);
    expect(readFileSync(`${mcpJson()}.bak`, 'utf8')).toBe(OTHER);
    const first = readFileSync(mcpJson(), 'utf8');
    const second = await install('claude-code', '--http', 'http://127.0.0.1:7000/mcp');
    expect(second.code).toBe(0);
    expect(envelope(second.stdout).data).toMatchObject({ changed: true, backup: `${mcpJson()}.bak` });
    expect(readFileSync(`${mcpJson()}.bak`, 'utf8')).toBe(first);
    expect(JSON.parse(readFileSync(`${mcpJson()}.bak.burgee`, 'utf8'))).toMatchObject({
      burgee: 'backup',
      file: '.mcp.json',
      inode: String(statSync(`${mcpJson()}.bak`).ino),
    });
  });

  it('K4 · a .bak the user edited after burgee wrote it is refused (probe: bak-edited)', async () => {
    put(mcpJson(), OTHER);
    expect((await install('claude-code')).code).toBe(0);
    writeFileSync(`${mcpJson()}.bak`, 'edited by hand, same inode\n', { flag: 'r+' });
    writeFileSync(mcpJson(), OTHER);
    const error = await refused('claude-code', `${mcpJson()}.bak`);
    expect(error.message).toContain('not a backup burgee made');
  });
});

describe('K4 · the file itself', () => {
  it('K4 · a config file that is a symlink is updated at its target and stays a symlink (probe: config-symlink)', async () => {
    const shared = join(home, 'dotfiles', 'mcp.json');
    put(shared, OTHER);
    symlinkSync(shared, mcpJson());
    const result = await install('claude-code');
    expect(result.code).toBe(0);
    expect(envelope(result.stdout).data).toMatchObject({ file: mcpJson(), target: shared, backup: `${shared}.bak` });
    expect(lstatSync(mcpJson()).isSymbolicLink()).toBe(true);
    expect(readlinkSync(mcpJson())).toBe(shared);
    expect(JSON.parse(readFileSync(shared, 'utf8')).mcpServers).toEqual({
      other: { command: 'other-server' },
      tool: { type: 'stdio', ...stdio },
    });
    expect(readFileSync(`${shared}.bak`, 'utf8')).toBe(OTHER);
  });

  it('K4 · a config file that is a dangling symlink is refused: nothing is created where it points (probe: config-dangling)', async () => {
    const nowhere = join(home, '.bashrc');
    symlinkSync(nowhere, mcpJson());
    await refused('claude-code', mcpJson());
    expect(existsSync(nowhere)).toBe(false);
    expect(lstatSync(mcpJson()).isSymbolicLink()).toBe(true);
  });

  it('K4 · a file the user made read-only (0444) is refused with exit 3, not replaced (probe: read-only)', async () => {
    put(mcpJson(), OTHER);
    chmodSync(mcpJson(), 0o444);
    const before = listing(project);
    const error = await refused('claude-code', mcpJson());
    expect(error.message).toContain('read-only');
    expect(readFileSync(mcpJson(), 'utf8')).toBe(OTHER);
    expect(statSync(mcpJson()).mode & 0o777).toBe(0o444);
    expect(listing(project)).toEqual(before);
  });

  it('K4 · a read-only file that already holds the entry is left alone: changed false, exit 0 (probe: read-only-unchanged)', async () => {
    expect((await install('claude-code')).code).toBe(0);
    rmSync(`${mcpJson()}.bak`, { force: true });
    chmodSync(mcpJson(), 0o444);
    const result = await install('claude-code');
    expect(result.code).toBe(0);
    expect(envelope(result.stdout).data.changed).toBe(false);
  });

  it('K4 · a hard-linked config file is refused: a rename would leave its other name behind (probe: config-hardlink)', async () => {
    put(mcpJson(), OTHER);
    linkSync(mcpJson(), join(project, 'second-name.json'));
    await refused('claude-code', mcpJson());
    expect(readFileSync(join(project, 'second-name.json'), 'utf8')).toBe(OTHER);
  });

  it('K2 · the file keeps its permissions and, written by root, its owner (probe: mode-owner)', async () => {
    put(mcpJson(), OTHER);
    chmodSync(mcpJson(), 0o600);
    const root = process.getuid?.() === 0;
    if (root) chownSync(mcpJson(), 1234, 5678);
    expect((await install('claude-code')).code).toBe(0);
    const after = statSync(mcpJson());
    expect(after.mode & 0o777).toBe(0o600);
    expect(statSync(`${mcpJson()}.bak`).mode & 0o777).toBe(0o600);
    if (root) expect([after.uid, after.gid]).toEqual([1234, 5678]);
  });
});
