import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FolderWatch, watchFolder } from './watch.js';

let dir = '';
let watch: FolderWatch | undefined;
afterEach(() => {
  watch?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts a watch on a fresh folder; resolves each batch of changed files, in order. */
function watched(): { next: () => Promise<string[]> } {
  dir = mkdtempSync(join(tmpdir(), 'burgee-watch-'));
  mkdirSync(join(dir, 'node_modules'));
  const batches: string[][] = [];
  const waiting: ((files: string[]) => void)[] = [];
  watch = watchFolder(dir, (files) => {
    const take = waiting.shift();
    if (take === undefined) batches.push(files);
    else take(files);
  });
  return {
    next: () => {
      const ready = batches.shift();
      return ready === undefined ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve(ready);
    },
  };
}

describe('M8 · watchFolder', () => {
  it('M8 · a burst of writes is one change; node_modules and dot-files never count', async () => {
    const { next } = watched();
    writeFileSync(join(dir, 'node_modules', 'dep.js'), '1');
    writeFileSync(join(dir, '.swap'), '1');
    writeFileSync(join(dir, 'cli.mjs'), '1');
    writeFileSync(join(dir, 'cli.mjs'), '2');
    expect(await next()).toEqual([join(dir, 'cli.mjs')]);
  });

  it('M8 · a folder created while watching is watched from the next change on', async () => {
    const { next } = watched();
    mkdirSync(join(dir, 'lib'));
    expect(await next()).toEqual([join(dir, 'lib')]);
    writeFileSync(join(dir, 'lib', 'util.mjs'), '1');
    expect(await next()).toEqual([join(dir, 'lib', 'util.mjs')]);
  });
});
