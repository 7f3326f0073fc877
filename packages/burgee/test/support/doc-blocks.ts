// Reads the fenced code blocks of a Markdown page, for the documentation runner (docs.test.ts).
// Pure: text in, data out, so the convention itself is unit-tested without running anything.

/** One fenced block: where it is, its language, the requirement ID it documents, and its text. */
export type DocBlock = {
  readonly page: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly lang: string;
  /** The nearest requirement anchor (`<a id="m4"></a>`) above the block, upper-cased, if any. */
  readonly id: string | undefined;
  /** The path named by a first line `// file: <path>` (or `# file: <path>`), if any. */
  readonly file: string | undefined;
  /** The block's text, without the `file:` line, ending with a newline. */
  readonly code: string;
};

/** One `$ ` command of a console block and the lines it is shown to print. */
export type ConsoleStep = { readonly command: string; readonly expected: readonly string[] };

const FENCE = /^(`{3,}|~{3,})\s*([\w-]*)[^\n]*$/;
const ANCHOR = /<a id="([a-z]\d+)"><\/a>/g;
const FILE_LINE = /^(?:\/\/|#)\s*file:\s*(\S+)\s*$/;

/** Every fenced block of a page, in order. */
export function readBlocks(page: string, markdown: string): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  let id: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    for (const match of line.matchAll(ANCHOR)) id = match[1]!.toUpperCase();
    const fence = FENCE.exec(line);
    if (!fence) continue;
    const close = lines.findIndex((l, j) => j > i && l.startsWith(fence[1]!) && l.trim() === fence[1]);
    if (close === -1) throw new Error(`${page}:${i + 1}: a code fence is never closed`);
    const body = lines.slice(i + 1, close);
    const file = FILE_LINE.exec(body[0] ?? '')?.[1];
    const code = (file === undefined ? body : body.slice(1)).join('\n');
    blocks.push({ page, line: i + 1, lang: fence[2] ?? '', id, file, code: `${code}\n` });
    i = close;
  }
  return blocks;
}

/** Splits a console block into its `$ ` commands and the output lines shown under each. */
export function readConsole(code: string): ConsoleStep[] {
  const steps: { command: string; expected: string[] }[] = [];
  const lines = code.replace(/\n$/, '').split('\n');
  for (const line of lines) {
    if (line.startsWith('$ ')) steps.push({ command: line.slice(2), expected: [] });
    else if (steps.length > 0) steps.at(-1)!.expected.push(line);
    else if (line.trim() !== '') throw new Error(`a console block must start with a "$ " line, not "${line}"`);
  }
  return steps;
}

/**
 * True when the printed lines match the shown ones. A shown line that is exactly `...` stands for
 * any number of printed lines (so a long help text can show its first and last lines only).
 */
export function matchesTranscript(shown: readonly string[], printed: readonly string[]): boolean {
  const [head, ...rest] = shown;
  if (head === undefined) return printed.length === 0;
  if (head === '...') {
    for (let skip = 0; skip <= printed.length; skip++) if (matchesTranscript(rest, printed.slice(skip))) return true;
    return false;
  }
  return printed[0] === head && matchesTranscript(rest, printed.slice(1));
}
