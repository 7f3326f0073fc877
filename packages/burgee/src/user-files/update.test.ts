import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../errors/errors.js';
import { refuseFile } from './refusals.js';
import { lineDiff } from './text.js';
import { updateUserFile } from './update.js';

// The writer itself, in-process, on real files: what the CLI tests cannot reach (the moment between
// two writers, an edit that refuses, a lock lost while writing).
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'burgee-writer-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const holder = (token: string) =>
  `${JSON.stringify({ burgee: 'lock', pid: process.pid, host: hostname(), token, since: new Date().toISOString() })}\n`;

describe('K4 · a dry run while another writer is at work (probe: concurrent-skills-add)', () => {
  it('K4 · a backup half written under a live lock does not refuse the dry run; without the lock it does', async () => {
    const file = join(dir, 'SKILL.md');
    writeFileSync(file, 'edited by hand\n');
    // Another writer holds the lock and has written the .bak, not yet its stamp.
    writeFileSync(`${file}.bak`, 'edited by hand\n');
    writeFileSync(`${file}.lock`, holder('other'));
    const planned = await updateUserFile(file, () => '# new\n', { dryRun: true });
    expect(planned).toMatchObject({ changed: true, written: false });
    // The same .bak with no writer at work is a file burgee did not make (K4).
    rmSync(`${file}.lock`);
    await expect(updateUserFile(file, () => '# new\n', { dryRun: true })).rejects.toThrow(/not a backup burgee made/);
    expect(readFileSync(file, 'utf8')).toBe('edited by hand\n');
  });
});

describe('K4 · updateUserFile', () => {
  it('K4 · creates the missing folders and the file, with no backup; reports what it did', async () => {
    const file = join(dir, '.agents', 'skills', 'tool', 'SKILL.md');
    const done = await updateUserFile(file, (current) => `${current ?? ''}# tool\n`);
    expect(done).toEqual({ file, target: file, changed: true, created: true, written: true });
    expect(readFileSync(file, 'utf8')).toBe('# tool\n');
    expect(readdirSync(join(dir, '.agents', 'skills', 'tool'))).toEqual(['SKILL.md']);
  });

  it('K4 · a new file takes the mode asked for; an existing file keeps its own', async () => {
    const file = join(dir, 'secret.json');
    await updateUserFile(file, () => '{}\n', { mode: 0o600 });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await updateUserFile(file, () => '{"a":1}\n', { mode: 0o644 });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('K4 · an edit that refuses leaves everything as it was, and its refusal is exit 3', async () => {
    const file = join(dir, 'new', 'file.txt');
    const refusal = updateUserFile(file, () => {
      throw refuseFile({ message: 'no', hint: 'because' });
    });
    await expect(refusal).rejects.toBeInstanceOf(ConfigError);
    await expect(refusal).rejects.toMatchObject({ code: 3, message: 'no', hint: 'because' });
    expect(existsSync(join(dir, 'new'))).toBe(false);
  });

  it('K4 · the edit runs again under the lock, on what another writer wrote meanwhile', async () => {
    const file = join(dir, 'list.txt');
    writeFileSync(file, 'a\n');
    const seen: (string | undefined)[] = [];
    await updateUserFile(file, (current) => {
      seen.push(current);
      // Another writer lands between the first read and the lock.
      if (seen.length === 1) writeFileSync(file, 'a\nb\n');
      return `${current}c\n`;
    });
    expect(seen).toEqual(['a\n', 'a\nb\n']);
    expect(readFileSync(file, 'utf8')).toBe('a\nb\nc\n');
  });

  it('K4 · a writer whose lock was taken from it (held past the bound) writes nothing and starts again', async () => {
    const file = join(dir, 'list.txt');
    writeFileSync(file, 'a\n');
    let calls = 0;
    await updateUserFile(
      file,
      (current) => {
        calls++;
        if (calls === 2) {
          // Under the lock: another writer judges it stale and takes it, for 200 ms.
          writeFileSync(`${file}.lock`, holder('another-writer'));
          setTimeout(() => rmSync(`${file}.lock`), 200);
        }
        return `${current}b\n`;
      },
      { lock: { waitMs: 5_000, staleMs: 10_000 } },
    );
    expect(calls).toBe(3);
    expect(readFileSync(file, 'utf8')).toBe('a\nb\n');
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe('a\n');
    expect(readdirSync(dir).sort()).toEqual(['list.txt', 'list.txt.bak', 'list.txt.bak.burgee']);
  });

  it('K4 · a lock held longer than a writer waits is refused, naming the holder and the lock', async () => {
    const file = join(dir, 'list.txt');
    writeFileSync(file, 'a\n');
    writeFileSync(`${file}.lock`, holder('busy'));
    const refusal = updateUserFile(file, () => 'b\n', { lock: { waitMs: 200, staleMs: 10_000 } });
    await expect(refusal).rejects.toMatchObject({
      code: 3,
      message: expect.stringContaining(`process ${process.pid}`),
    });
    await expect(refusal).rejects.toMatchObject({ hint: expect.stringContaining(`${file}.lock`) });
    expect(readFileSync(file, 'utf8')).toBe('a\n');
  });

  it('K4 · a guard left by a crashed lock breaker is cleared once stale, and the stale lock then broken', async () => {
    const file = join(dir, 'list.txt');
    writeFileSync(file, 'a\n');
    writeFileSync(`${file}.lock`, holder('stale'));
    writeFileSync(`${file}.lock.break`, '1\n');
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, old, old);
    utimesSync(`${file}.lock.break`, old, old);
    await updateUserFile(file, () => 'b\n');
    expect(readdirSync(dir).sort()).toEqual(['list.txt', 'list.txt.bak', 'list.txt.bak.burgee']);
  });

  it('K4 · backup: false writes no .bak and no stamp', async () => {
    const file = join(dir, 'SKILL.md');
    writeFileSync(file, 'old\n');
    const done = await updateUserFile(file, () => 'new\n', { backup: false });
    expect(done.backup).toBeUndefined();
    expect(readdirSync(dir)).toEqual(['SKILL.md']);
  });

  it('K4 · bytes that are not UTF-8 are refused: written back as text, they would change', async () => {
    const file = join(dir, 'latin1.txt');
    writeFileSync(file, Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    await expect(updateUserFile(file, (t) => `${t}x`)).rejects.toMatchObject({
      code: 3,
      message: expect.stringContaining('not UTF-8'),
    });
  });

  it('K4 · a folder where the file should be is refused', async () => {
    await expect(updateUserFile(dir, () => 'x')).rejects.toMatchObject({
      code: 3,
      message: expect.stringContaining('not a regular file'),
    });
  });

  it('K4 · a dry run says what would change, as a diff, and writes nothing', async () => {
    const file = join(dir, 'a.txt');
    writeFileSync(file, 'one\ntwo\nthree\n');
    const done = await updateUserFile(file, () => 'one\nTWO\nthree\n', { dryRun: true });
    expect(done).toMatchObject({ changed: true, written: false, diff: '@@ -2,1 +2,1 @@\n-two\n+TWO' });
    expect(readdirSync(dir)).toEqual(['a.txt']);
  });
});

describe('K4 · lineDiff', () => {
  it('K4 · one hunk between the shared start and end; a new file is all additions', () => {
    expect(lineDiff('a\nb\nc\n', 'a\nc\n')).toBe('@@ -2,1 +2,0 @@\n-b');
    expect(lineDiff(undefined, 'x\ny\n')).toBe('@@ -1,0 +1,2 @@\n+x\n+y');
    expect(lineDiff('a\n', 'a\nb\n')).toBe('@@ -2,0 +2,1 @@\n+b');
  });
});
