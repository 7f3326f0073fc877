/** What a scan of a JSON text found: valid, the first invalid character, or a container nested too deeply. */
export type JsonScan =
  | { kind: 'valid' }
  | { kind: 'invalid'; at: number }
  | { kind: 'too-deep'; at: number; path: readonly (string | number)[] };

/**
 * The offset of the first character that makes `text` invalid JSON, or undefined when it is valid.
 * Node's own messages cannot be relied on for this: Node 20 names no position for most errors, and
 * the wording changes between V8 versions (P3 asks for the exact line and column on every Node).
 */
export function jsonErrorOffset(text: string): number | undefined {
  const scan = scanJson(text);
  return scan.kind === 'invalid' ? scan.at : undefined;
}

/** Line and column (both from 1) of an offset in `text`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/**
 * Reads `text` as JSON without building it, one character at a time and with a stack of its own
 * (no recursion, so any depth is located exactly): the first invalid character wins; a valid text
 * with an object or array opened deeper than `maxDepth` (the outermost is depth 1) names the first
 * such, with the keys and indexes that lead to it.
 */
export function scanJson(text: string, maxDepth = Number.POSITIVE_INFINITY): JsonScan {
  try {
    return new Scanner(text, maxDepth).run();
  } catch (error) {
    if (error instanceof Stop) return { kind: 'invalid', at: error.at };
    throw error;
  }
}

/** Where a member of a JSON text is written: its key (absent for an array's element) and its value. */
export type JsonPlace = { key?: number; value: number };

/**
 * Where the member at `path` (object keys and array indexes from the top) is written in valid JSON
 * `text`, or undefined when nothing sits there. Used only to say where a refused key or value is.
 */
export function placeOf(text: string, path: readonly (string | number)[]): JsonPlace | undefined {
  const scanner = new Scanner(text, Number.POSITIVE_INFINITY, path);
  try {
    scanner.run();
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
  }
  return scanner.found;
}

class Stop {
  constructor(readonly at: number) {}
}

/** An open object or array: where its current member sits (a key's quoted text, or an index). */
type Frame = { object: boolean; keyStart: number; keyEnd: number; index: number };

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

class Scanner {
  at = 0;
  private readonly stack: Frame[] = [];
  /** Where the member at `want` is written, once the scan has passed it (its last, if written twice). */
  found: JsonPlace | undefined;
  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
    private readonly want?: readonly (string | number)[],
  ) {}

  /** The first container opened past maxDepth, kept while the rest of the text is checked. */
  private deep: JsonScan | undefined;

  run(): JsonScan {
    do this.value();
    while (!this.close());
    return this.deep ?? { kind: 'valid' };
  }

  /** One value; an object or array is only opened, down to its first member's value, never recursed into. */
  private value(): void {
    for (;;) {
      this.space();
      // The last match wins, as JSON.parse keeps the last of duplicate keys.
      if (this.want !== undefined && this.isWanted()) this.found = this.place();
      const char = this.text[this.at];
      if (char !== '{' && char !== '[') break;
      if (this.stack.length >= this.maxDepth) this.deep ??= { kind: 'too-deep', at: this.at, path: this.path() };
      const frame: Frame = { object: char === '{', keyStart: 0, keyEnd: 0, index: 0 };
      this.stack.push(frame);
      this.at++;
      this.space();
      if (this.text[this.at] === (frame.object ? '}' : ']')) return;
      if (frame.object) this.key(frame);
    }
    if (this.text[this.at] === '"') this.string();
    else if (!this.match(NUMBER) && !this.match(LITERAL)) throw new Stop(this.at);
  }

  /** After a value: closes what ends here and moves to the next member; true once the text is done. */
  private close(): boolean {
    for (;;) {
      this.space();
      const frame = this.stack.at(-1);
      if (frame === undefined) {
        if (this.at < this.text.length) throw new Stop(this.at);
        return true;
      }
      const char = this.text[this.at];
      if (char === (frame.object ? '}' : ']')) {
        this.stack.pop();
        this.at++;
        continue;
      }
      if (char !== ',') throw new Stop(this.at);
      this.at++;
      if (frame.object) this.key(frame);
      else frame.index++;
      return false;
    }
  }

  private key(frame: Frame): void {
    this.space();
    if (this.text[this.at] !== '"') throw new Stop(this.at);
    frame.keyStart = this.at;
    this.string();
    frame.keyEnd = this.at;
    this.space();
    if (this.text[this.at] !== ':') throw new Stop(this.at);
    this.at++;
  }

  private isWanted(): boolean {
    const want = this.want!;
    if (this.stack.length !== want.length) return false;
    return this.stack.every((frame, i) =>
      frame.object ? JSON.parse(this.text.slice(frame.keyStart, frame.keyEnd)) === want[i] : frame.index === want[i],
    );
  }

  private place(): JsonPlace {
    const frame = this.stack.at(-1);
    return frame?.object ? { key: frame.keyStart, value: this.at } : { value: this.at };
  }

  private path(): (string | number)[] {
    return this.stack.map((frame) =>
      frame.object ? (JSON.parse(this.text.slice(frame.keyStart, frame.keyEnd)) as string) : frame.index,
    );
  }

  private space(): void {
    for (;;) {
      const code = this.text.charCodeAt(this.at);
      if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return;
      this.at++;
    }
  }

  private match(pattern: RegExp): boolean {
    pattern.lastIndex = this.at;
    if (!pattern.test(this.text)) return false;
    this.at = pattern.lastIndex;
    return true;
  }

  private string(): void {
    this.at++;
    for (;;) {
      const code = this.text.charCodeAt(this.at);
      if (Number.isNaN(code) || code < 0x20) throw new Stop(this.at);
      if (code === 0x22) break;
      if (code === 0x5c) {
        const escaped = this.text[this.at + 1] ?? '';
        if (escaped === 'u') {
          HEX4.lastIndex = this.at + 2;
          if (!HEX4.test(this.text)) throw new Stop(this.at);
          this.at += 6;
          continue;
        }
        if (escaped === '' || !'"\\/bfnrt'.includes(escaped)) throw new Stop(this.at + 1);
        this.at += 2;
        continue;
      }
      this.at++;
    }
    this.at++;
  }
}
