import { isAbsolute, join, resolve } from 'node:path';
import type { Manifest } from '../manifest/types.js';
import type { Globals } from './parse-argv.js';

/** A config file that was found and parsed. */
export type LoadedConfig = {
  path: string;
  values: Record<string, unknown>;
  /**
   * Where a command's option is written in the file, for an error about its value: the key path
   * from the top (`up.to`, or `to` at the top level; `up.tags[1]` for an element) and its line and column.
   */
  locate(commandPath: readonly string[], key: string, index?: number): string;
};

/** Candidate config paths in precedence order, with why each is looked at (P3). */
export function configCandidates(
  manifest: Manifest,
  globals: Globals,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): { path: string; explicit: boolean }[] {
  if (!manifest.config || globals.noConfig) return [];
  const at = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  if (globals.config !== undefined) return [{ path: at(globals.config), explicit: true }];
  const variable = manifest.envPrefix === undefined ? undefined : env[`${manifest.envPrefix}_CONFIG`];
  if (variable !== undefined && variable !== '') return [{ path: at(variable), explicit: true }];
  const home = env.HOME;
  const xdg = env.XDG_CONFIG_HOME || (home === undefined ? undefined : join(home, '.config'));
  const found = [{ path: join(cwd, `${manifest.name}.config.json`), explicit: false }];
  if (xdg !== undefined) found.push({ path: join(xdg, manifest.name, 'config.json'), explicit: false });
  return found;
}

/** The config values that apply to a command: top-level keys, overridden by its own section (`"deploy": {…}`). */
export function configFor(config: LoadedConfig | undefined, path: readonly string[]): Record<string, unknown> {
  if (config === undefined) return {};
  const merged: Record<string, unknown> = { ...config.values };
  let section: unknown = config.values;
  for (const word of path) {
    section = typeof section === 'object' && section !== null ? (section as Record<string, unknown>)[word] : undefined;
    if (typeof section === 'object' && section !== null && !Array.isArray(section)) Object.assign(merged, section);
  }
  return merged;
}
