import { type Arm, type Dialect, listArms, valueArms, walkArms, wordList } from './arms.js';
import { commentText, functionName, posixQuote } from './quote.js';
import type { CompletionTable } from './table.js';

const dialect: Dialect = {
  enter: (path) => `cmdpath=${posixQuote(path)}`,
  value: 'value=$word',
  choices: (words) => `words=(${wordList(words, posixQuote)})`,
  // The program answers for a `complete` function; the words so far, the partial one last (C2).
  dynamic:
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not a template
    'while IFS= read -r word; do COMPREPLY+=("$word"); done < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null); return 0',
  files: 'while IFS= read -r word; do COMPREPLY+=("$word"); done < <(compgen -f -- "$cur"); return 0',
  words: (words) => `words=(${wordList(words, posixQuote)})`,
};

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
  return `# bash completion for ${shown}, generated from its declaration.
# Install for your user:  ${shown} completion bash > ~/.local/share/bash-completion/completions/${shown}
# or in ~/.bashrc:         source <(${shown} completion bash)
${fn}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" cmdpath="" value="" word i
  local -a words=()
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
complete -F ${fn} ${name.startsWith('-') ? '-- ' : ''}${name}
`;
}
