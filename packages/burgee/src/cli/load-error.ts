import { execFile } from 'node:child_process';
import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, ProcessExitSignal } from '../errors/errors.js';
import { VERSION_PARAM } from './reload-hooks.js';
import { typeScriptTrouble } from './typescript.js';

/** Where a load happened: the watched folder, the folder paths are shown from, the files that may be at fault. */
export type LoadScene = { root: string; cwd: string; suspects: readonly string[] };

// A message longer than this is a dump, not a reason; the rest is one `node <entry>` away.
const MAX_LINES = 8;

/**
 * Why an entry did not load, in a line or a few: `file:line: Name: message`, never a stack. The
 * location is the first frame inside the watched folder; Node 20 gives a module's syntax error none,
 * so the suspects (files changed since the last good load) are checked with `node --check` to find it.
 */
export async function describeLoadError(error: unknown, scene: LoadScene): Promise<string> {
  if (error instanceof ConfigError) return error.message;
  const typescript = typeScriptTrouble(error, troubleScene(scene));
  if (typescript !== undefined) return tidy(typescript.reason, scene.cwd);
  const name = error instanceof Error && !(error instanceof ProcessExitSignal) ? error.name : '';
  const text =
    error instanceof ProcessExitSignal
      ? `it called process.exit(${String(error.exitCode ?? '')}) while loading`
      : error instanceof Error
        ? error.message
        : String(error);
  const message = tidy(name === '' || name === 'Error' ? text : `${name}: ${text}`, scene.cwd);
  const where =
    frameLocation(error, scene) ?? (error instanceof SyntaxError ? await findSyntaxError(scene) : undefined);
  return where === undefined ? message : `${where}: ${message}`;
}

/** What to do about a load error, when the error says: a ConfigError's hint, or TypeScript's trouble's. */
export function loadErrorHint(error: unknown, scene: LoadScene): string | undefined {
  if (error instanceof ConfigError) return error.hint;
  return typeScriptTrouble(error, troubleScene(scene))?.hint;
}

const troubleScene = (scene: LoadScene) => ({
  show: (file: string) => displayPath(file, scene.cwd),
  suspects: scene.suspects,
});

/** A path as a person reads it: relative to the working folder when inside it. */
export function displayPath(file: string, cwd: string): string {
  const path = relative(cwd, file);
  return path === '' || path.startsWith('..') || isAbsolute(path) ? file : path;
}

/** At most MAX_LINES lines, continuation lines indented, reload URLs shown as plain paths. */
function tidy(message: string, cwd: string): string {
  const plain = message.replace(/file:\/\/[^\s'")]+/g, (url) => urlToDisplay(url, cwd) ?? url);
  const lines = plain.split('\n').filter((line) => line.trim() !== '');
  const shown = lines.slice(0, MAX_LINES);
  if (lines.length > MAX_LINES) shown.push('…');
  return shown.join('\n  ');
}

function urlToDisplay(url: string, cwd: string): string | undefined {
  try {
    const parsed = new URL(url);
    parsed.searchParams.delete(VERSION_PARAM);
    return displayPath(fileURLToPath(parsed), cwd);
  } catch {
    return undefined;
  }
}

const FRAME = /(file:\/\/[^\s)]+?):(\d+):\d+/g;

/** `file:line` of the first stack frame inside the watched folder (the author's code, not burgee's). */
function frameLocation(error: unknown, scene: LoadScene): string | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  for (const [, url, line] of stack.matchAll(FRAME)) {
    const path = url === undefined ? undefined : urlToDisplay(url, scene.root);
    if (path === undefined || isAbsolute(path) || path.includes('node_modules')) continue;
    return `${urlToDisplay(url!, scene.cwd)}:${line}`;
  }
  return undefined;
}

/** `file:line` of the first suspect that `node --check` refuses, if any does. */
async function findSyntaxError(scene: LoadScene): Promise<string | undefined> {
  for (const file of scene.suspects) {
    if (!/\.(m|c)?js$/.test(file)) continue;
    const line = await checkSyntax(file);
    if (line !== undefined) return `${displayPath(file, scene.cwd)}:${line}`;
  }
  return undefined;
}

function checkSyntax(file: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--check', file], { timeout: 5_000 }, (error, _stdout, stderr) => {
      // Node prints `<path>:<line>` on the first line of its report.
      const found = error === null ? undefined : /:(\d+)\s*$/.exec(String(stderr).split('\n')[0] ?? '');
      resolve(found?.[1]);
    });
  });
}
