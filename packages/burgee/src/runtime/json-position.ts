/**
 * The offset of the first character that makes `text` invalid JSON, or undefined when it is valid.
 * Node's own messages cannot be relied on for this: Node 20 names no position for most errors, and
 * the wording changes between V8 versions (P3 asks for the exact line and column on every Node).
 */
export function jsonErrorOffset(text: string): number | undefined {
  const scanner = new Scanner(text);
  try {
    scanner.value(0);
    scanner.space();
    if (scanner.at < text.length) return scanner.at;
    return undefined;
  } catch (error) {
    if (error instanceof Stop) return error.at;
    throw error;
  }
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

class Stop {
  constructor(readonly at: number) {}
}

// Deeper than this is no configuration anyone wrote; stop before the stack does.
const MAX_DEPTH = 512;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;

class Scanner {
  at = 0;
  constructor(private readonly text: string) {}

  space(): void {
    while (/[ \t\n\r]/.test(this.text[this.at] ?? '')) this.at++;
  }

  value(depth: number): void {
    if (depth > MAX_DEPTH) throw new Stop(this.at);
    this.space();
    const char = this.text[this.at];
    if (char === '{') this.members(depth);
    else if (char === '[') this.items(depth);
    else if (char === '"') this.string();
    else if (!this.match(NUMBER) && !this.match(LITERAL)) throw new Stop(this.at);
  }

  private match(pattern: RegExp): boolean {
    pattern.lastIndex = this.at;
    if (!pattern.test(this.text)) return false;
    this.at = pattern.lastIndex;
    return true;
  }

  private expect(char: string): void {
    this.space();
    if (this.text[this.at] !== char) throw new Stop(this.at);
    this.at++;
  }

  private members(depth: number): void {
    this.at++;
    this.space();
    if (this.text[this.at] === '}') {
      this.at++;
      return;
    }
    for (;;) {
      this.space();
      if (this.text[this.at] !== '"') throw new Stop(this.at);
      this.string();
      this.expect(':');
      this.value(depth + 1);
      this.space();
      if (this.text[this.at] === '}') break;
      this.expect(',');
    }
    this.at++;
  }

  private items(depth: number): void {
    this.at++;
    this.space();
    if (this.text[this.at] === ']') {
      this.at++;
      return;
    }
    for (;;) {
      this.value(depth + 1);
      this.space();
      if (this.text[this.at] === ']') break;
      this.expect(',');
    }
    this.at++;
  }

  private string(): void {
    this.at++;
    for (;;) {
      const char = this.text[this.at];
      if (char === undefined || char < ' ') throw new Stop(this.at);
      if (char === '"') break;
      if (char === '\\') {
        const escaped = this.text[this.at + 1] ?? '';
        if (escaped === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.at + 2, this.at + 6))) throw new Stop(this.at);
          this.at += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(escaped) || escaped === '') throw new Stop(this.at + 1);
        this.at += 2;
        continue;
      }
      this.at++;
    }
    this.at++;
  }
}
