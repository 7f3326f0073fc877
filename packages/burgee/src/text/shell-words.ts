/**
 * One example read as a POSIX shell reads a simple command: its leading assignments and its words;
 * `rest` is what follows them (a pipe, a list, a redirection, a comment), when anything does.
 */
export type ShellLine =
  | { ok: true; env: Record<string, string>; words: string[]; rest?: string }
  | { ok: false; problem: string };

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;
// Unquoted, these end the command: what follows is a pipe, a list or a redirection, not its words.
const OPERATORS = new Set(['|', '&', ';', '<', '>']);

/**
 * Splits an example into words by the shell's quoting rules (single quotes literal, double quotes
 * with `\"`, `\\`, `\$` and `` \` ``, a backslash outside quotes), up to the first unquoted `|`, `&`,
 * `;`, `<`, `>` or comment. A leading `$ ` prompt is dropped; leading `NAME=value` words are the
 * environment the example sets. Nothing is expanded: `$HOME` stays those five characters.
 */
export function splitShellLine(line: string): ShellLine {
  const words: string[] = [];
  const scanner = new Scanner(line.replace(/^\s*\$\s+/, ''));
  for (;;) {
    const word = scanner.next();
    if (word === undefined) break;
    if ('problem' in word) return { ok: false, problem: word.problem };
    words.push(word.text);
  }
  const env: Record<string, string> = {};
  let first = 0;
  for (; first < words.length; first++) {
    const assignment = ASSIGNMENT.exec(words[first]!);
    if (assignment === null || !scanner.unquotedStart(first)) break;
    env[assignment[1]!] = assignment[2]!;
  }
  const rest = scanner.rest();
  return rest === ''
    ? { ok: true, env, words: words.slice(first) }
    : { ok: true, env, words: words.slice(first), rest };
}

/** Reads one word at a time; `at` is the next character. */
class Scanner {
  private at = 0;
  private readonly starts: boolean[] = [];
  constructor(private readonly text: string) {}

  /** True when the word at `index` began unquoted: only then is `NAME=value` an assignment. */
  unquotedStart(index: number): boolean {
    return this.starts[index] === true;
  }

  /** What the words end before: empty when the whole line was words. */
  rest(): string {
    return this.text.slice(this.at).trim();
  }

  next(): { text: string } | { problem: string } | undefined {
    const { text } = this;
    while (this.at < text.length && /\s/.test(text[this.at]!)) this.at++;
    const start = this.at;
    const c = text[this.at];
    if (c === undefined || OPERATORS.has(c) || c === '#') return undefined;
    this.starts.push(c !== "'" && c !== '"');
    let word = '';
    while (this.at < text.length) {
      const ch = text[this.at]!;
      if (/\s/.test(ch)) break;
      if (OPERATORS.has(ch)) {
        // `2>file`: the digits were a file descriptor, not a word of the command.
        if (ch === '>' && /^\d+$/.test(word)) {
          this.at = start;
          return undefined;
        }
        break;
      }
      const part = this.part(ch);
      if (typeof part !== 'string') return part;
      word += part;
    }
    return { text: word };
  }

  /** One quoted span, escaped character or plain character, with `at` moved past it. */
  private part(ch: string): string | { problem: string } {
    const { text } = this;
    if (ch === "'") {
      const end = text.indexOf("'", this.at + 1);
      if (end === -1) return { problem: 'it opens a single quote it never closes' };
      const quoted = text.slice(this.at + 1, end);
      this.at = end + 1;
      return quoted;
    }
    if (ch === '"') return this.doubleQuoted();
    this.at += ch === '\\' ? 2 : 1;
    return ch === '\\' ? (text[this.at - 1] ?? '') : ch;
  }

  private doubleQuoted(): string | { problem: string } {
    const { text } = this;
    let out = '';
    for (let i = this.at + 1; i < text.length; i++) {
      const ch = text[i]!;
      if (ch === '"') {
        this.at = i + 1;
        return out;
      }
      if (ch === '\\' && '"\\$`'.includes(text[i + 1] ?? '')) {
        out += text[i + 1];
        i++;
      } else out += ch;
    }
    return { problem: 'it opens a double quote it never closes' };
  }
}
