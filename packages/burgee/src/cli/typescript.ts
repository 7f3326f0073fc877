// A `.ts`, `.mts` or `.cts` entry loads as Node loads it (X1, M8): Node 22.18+ and 23.6+ strip its
// types, 22.6 to 22.17 when started with --experimental-strip-types (the load thread starts with the
// process's flags). What Node then refuses is TypeScript's own trouble: said here with the file, the
// line and what to do, never as a stack.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Why a TypeScript file did not load, and what to do about it when Node's words do not say. */
export type TypeScriptTrouble = { readonly reason: string; readonly hint?: string };

/** How a path is shown, and the files a report without one may be about (the entry, what changed). */
export type TroubleScene = { readonly show: (file: string) => string; readonly suspects: readonly string[] };

const TS_FILE = /\.[cm]?ts$/;

// A syntax error's stack starts with `<path>:<line>` and the line itself; the frames are Node's own.
const STACK_HEAD = /^(\/[^\n]*?|file:\/\/[^\n]*?):(\d+)\n/;
// Node 22.6 to 22.17 pass on the parser's report instead, naming no file: `  x <what>\n   ,-[line:column]`
// and the lines around it, each `<n> | <text>`.
const PARSER_REPORT = /^\s*x (.+)\n\s*,-\[(\d+):\d+\]/;

const ERASABLE_ONLY =
  'Node strips types but compiles nothing: write an as-const object for an enum, a module for a namespace, plain fields for parameter properties (tsconfig erasableSyntaxOnly finds them all)';

const COMMONJS =
  'a .ts file is CommonJS where the nearest package.json says "type": "commonjs": set "type": "module" (npm pkg set type=module), or name the file .mts';

/** The trouble of a load error that TypeScript caused, or undefined for any other error. */
export function typeScriptTrouble(error: unknown, scene: TroubleScene): TypeScriptTrouble | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (code === 'ERR_UNKNOWN_FILE_EXTENSION') return notStripped(error.message, scene.show);
  if (code === 'ERR_MODULE_NOT_FOUND') return extensionLeftOut(error, scene.show);
  const report = PARSER_REPORT.exec(error.message);
  if (report !== null) return fromParserReport(error, report, scene);
  const where = stackHead(error, scene.show);
  if (where === undefined || !TS_FILE.test(where.file)) return undefined;
  const said = `${where.at}: ${error.name}${typeof code === 'string' ? ` [${code}]` : ''}: ${error.message}`;
  if (code === 'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX') return { reason: said, hint: notErasableHint() };
  // V8's own words (no code) for module syntax in a file read as CommonJS.
  const moduleSyntax = code === undefined && /\.ts$/.test(where.file) && /\b(import|export)\b/.test(error.message);
  return moduleSyntax ? { reason: said, hint: COMMONJS } : { reason: said };
}

/** The parser's report, in a line: the file it is about when a suspect holds the quoted line, else the line. */
function fromParserReport(error: Error, [, what, line]: RegExpExecArray, scene: TroubleScene): TypeScriptTrouble {
  const text = new RegExp(`^\\s*${line} \\| (.*)$`, 'm').exec(error.message)?.[1];
  const file = scene.suspects.find((suspect) => TS_FILE.test(suspect) && lineOf(suspect, Number(line)) === text);
  const said = `${error.name} [${String((error as { code?: unknown }).code)}]: ${what}`;
  const reason =
    file === undefined ? `${said}, at line ${line}: ${text?.trim()}` : `${scene.show(file)}:${line}: ${said}`;
  return /strip-only mode/.test(what!) ? { reason, hint: notErasableHint() } : { reason };
}

function lineOf(file: string, line: number): string | undefined {
  try {
    return readFileSync(file, 'utf8').split(/\r?\n/)[line - 1];
  } catch {
    return undefined;
  }
}

/** `Unknown file extension ".ts" for <path>`: this Node does not strip types, or was told not to. */
function notStripped(message: string, show: (file: string) => string): TypeScriptTrouble | undefined {
  const file = / for (.+)$/.exec(message)?.[1];
  if (file === undefined || !TS_FILE.test(file)) return undefined;
  // Node 22.6 and later have the switch, even where it is off by default or turned off.
  if (process.allowedNodeEnvironmentFlags.has('--experimental-strip-types')) {
    return {
      reason: `${show(file)} is TypeScript, and this Node (${process.version}) runs without type stripping`,
      hint: 'run burgee with NODE_OPTIONS=--experimental-strip-types (Node 22.18 and later strip types by default)',
    };
  }
  return {
    reason: `${show(file)} is TypeScript, and Node ${process.version} cannot strip types`,
    hint: 'run burgee under Node 22.18 or later, which strips types by default; or compile the program with tsc and point burgee at the .js it writes',
  };
}

/** An enum, a namespace, a parameter property: erasing types leaves them meaningless. */
function notErasableHint(): string {
  // Node 22.7 to 25 can compile them when asked; later ones leave it to a loader such as tsx.
  return process.allowedNodeEnvironmentFlags.has('--experimental-transform-types')
    ? `${ERASABLE_ONLY}; or run burgee with NODE_OPTIONS=--experimental-transform-types`
    : `${ERASABLE_ONLY}; or load it through tsx: node --import tsx ./node_modules/.bin/burgee …`;
}

/** `import './commands'` (or `./commands.js`) from a TypeScript file, where `commands.ts` is the file. */
function extensionLeftOut(error: Error, show: (file: string) => string): TypeScriptTrouble | undefined {
  const importer = / imported from (.+?)(?:\?[^/]*)?$/.exec(error.message)?.[1];
  const url = (error as { url?: unknown }).url;
  if (importer === undefined || !TS_FILE.test(importer) || typeof url !== 'string' || !url.startsWith('file:')) {
    return undefined;
  }
  const missing = fileURLToPath(url);
  const stem = missing.replace(/\.[cm]?js$/, '');
  const found = ['.ts', '.mts', '.cts'].map((ext) => stem + ext).find((file) => existsSync(file));
  if (found === undefined) return undefined;
  const written = asSpecifier(relative(dirname(importer), missing));
  return {
    reason: `${show(importer)} imports ${written}, which is not a file: Node takes a local import's path as written, and strips types without rewriting it`,
    hint: `write the import as ${asSpecifier(relative(dirname(importer), found))} (tsconfig: allowImportingTsExtensions; rewriteRelativeImportExtensions when tsc builds it too)`,
  };
}

const asSpecifier = (path: string): string => (path.startsWith('.') ? path : `./${path}`);

/** The file and `file:line` a syntax error's stack starts with, when it starts with one. */
function stackHead(error: Error, show: (file: string) => string): { file: string; at: string } | undefined {
  const [, head, line] = STACK_HEAD.exec(error.stack ?? '') ?? [];
  if (head === undefined) return undefined;
  const file = head.startsWith('file:') ? fileURLToPath(head.replace(/\?[^/]*$/, '')) : head;
  return { file, at: `${show(file)}:${line}` };
}
