/**
 * The program's name: yargs' `$0` as `.scriptName()` set it, else, as yargs makes it from the script
 * (`node_modules/.bin/ship.mjs`, relative to the working folder), the script's file name without
 * its extension, as commander names an unnamed program: a name a tool, a client's server key,
 * `--schema` and a message can carry. The entry uses it too, so it stays free of `node:path`.
 */
export function programName($0: string): string {
  const script = $0.trim().split(/\s+/).at(-1) ?? $0;
  if (!/[/\\]|\.[cm]?[jt]s$/.test(script)) return $0;
  return script.replace(/^.*[/\\]/, '').replace(/(?<=.)\.[^.]*$/, '');
}
