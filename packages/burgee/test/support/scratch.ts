// Folders made fresh before each test and removed after it, so nothing one test writes is seen by
// the next. `home`, `project` and `cwd` are live bindings: a test reads the folders of its own run.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/** The running test's HOME folder, once `scratchHomeAndProject` has been called. */
export let home: string;
/** The running test's project folder, once `scratchHomeAndProject` has been called. */
export let project: string;
/** The running test's working folder, by its real path, once `scratchCwd` has been called. */
export let cwd: string;

/** Gives each test of the file a new `home` and `project` (`<prefix>home-…`, `<prefix>project-…`), removed after it. */
export function scratchHomeAndProject(prefix: string): void {
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), `${prefix}home-`));
    project = mkdtempSync(join(tmpdir(), `${prefix}project-`));
  });
  afterEach(() => {
    rmSync(home, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  });
}

/** Gives each test of the file a new `cwd` (`<prefix>…`), removed after it. */
export function scratchCwd(prefix: string): void {
  beforeEach(() => {
    cwd = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));
}

/** Writes `text` (or bytes) to `file`, making its folder first, as a person's own file would be there. */
export const put = (file: string, text: string | Buffer) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
};
