import { type Arm, type Dialect, listArms, valueArms, walkArms, wordList } from './arms.js';
import { commentText, functionName, hasControl, posixQuote } from './quote.js';
import type { CompletionTable } from './table.js';

/** The statements of the walk; `program` is how the program is run to answer for a `complete` function. */
const dialectFor = (program: string): Dialect => ({
  enter: (path) => `cmdpath=${posixQuote(path)}`,
  value: 'value=$word',
  choices: (words) => `words=(${wordList(words, posixQuote)})`,
  // The program answers for a `complete` function; the words so far, the partial one last (C2).
  dynamic: `while IFS= read -r word; do COMPREPLY+=("$word"); done < <(${program} __complete "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null); return 0`,
  files: 'while IFS= read -r word; do COMPREPLY+=("$word"); done < <(compgen -f -- "$cur"); return 0',
  words: (words) => `words=(${wordList(words, posixQuote)})`,
});

/**
 * The name as a person types it at the prompt. bash looks a compspec up by the command word as it
 * was typed, quotes and all: `q\'x` finds nothing registered as `q'x`. So a name that needs quoting
 * is registered under each usual spelling as well: itself (what `complete -p` is asked with), with
 * backslashes (as bash's own completion of a command name writes it), in single quotes and in
 * double quotes. A name with a control character cannot be typed but in `$'…'`: only the first two.
 */
export function typedSpellings(name: string): string[] {
  const text = name.replaceAll('\u0000', '');
  const single = posixQuote(text);
  if (single === text) return [text];
  if (hasControl(text)) return [text, single];
  const backslashed = text.replace(/[^A-Za-z0-9_./:@+,%\u0080-\uffff-]/g, '\\$&');
  const doubled = `"${text.replace(/[\\"$`]/g, '\\$&')}"`;
  return [...new Set([text, backslashed, single, doubled])];
}

// A quoted `case` pattern matches itself only: no word from the declaration is read as a glob.
const arms = (list: Arm[], indent: string): string =>
  list.map((arm) => `${indent}${arm.patterns.map(posixQuote).join('|')}) ${arm.body} ;;`).join('\n');

/**
 * The bash script (C1, C2). Plain bash is enough: it reads COMP_WORDS itself and filters with a
 * loop, so it needs neither the bash-completion package nor `compgen -W` word splitting.
 */
export function renderBashCompletion(table: CompletionTable): string {
  const fn = functionName(table.name);
  const name = posixQuote(table.name);
  const shown = commentText(name);
  const spellings = typedSpellings(table.name);
  // COMP_WORDS[0] is the name as typed: run as it is, `q\'x` names no program. Typed in one of the
  // spellings registered, the program is run by its name.
  const quoted = spellings.length > 1;
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not a template
  const dialect = dialectFor(quoted ? '"$program"' : '"${COMP_WORDS[0]}"');
  const program = quoted
    ? `
  local program="\${COMP_WORDS[0]}"
  case $program in
    ${spellings.slice(1).map(posixQuote).join('|')}) program=${name} ;;
  esac`
    : '';
  // A spelling that begins with `-` would be read as an option of complete's, quoted or not.
  const registered = `${spellings.some((s) => s.startsWith('-')) ? '-- ' : ''}${spellings.map(posixQuote).join(' ')}`;
  return `# bash completion for ${shown}, generated from its declaration.
# Install for your user:  ${shown} completion bash > ~/.local/share/bash-completion/completions/${shown}
# or in ~/.bashrc:         source <(${shown} completion bash)
${fn}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" cmdpath="" value="" word i
  local -a words=()${program}
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if [[ -n $value ]]; then value=""; continue; fi
    [[ $word == -- ]] && return 0
    case "$cmdpath:$word" in
${arms(walkArms(table, dialect), '      ')}
    esac
  done
  if [[ -n $value ]]; then
    case "$cmdpath:$value" in
${arms(valueArms(table, dialect), '      ')}
      *) ${dialect.files} ;;
    esac
  elif [[ $cur == -* ]]; then
    case "$cmdpath" in
${arms(listArms(table, dialect, 'flags'), '      ')}
    esac
  else
    case "$cmdpath" in
${arms(listArms(table, dialect, 'commands'), '      ')}
    esac
  fi
  for word in "\${words[@]}"; do
    [[ $word == "$cur"* ]] && COMPREPLY+=("$word")
  done
  return 0
}
complete -F ${fn} ${registered}
`;
}
