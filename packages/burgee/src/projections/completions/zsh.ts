import { type Arm, type Dialect, listArms, pattern, valueArms, walkArms, wordList } from './arms.js';
import { type CompletionTable, functionName } from './table.js';

const dialect: Dialect = {
  enter: (path) => `cmdpath=${JSON.stringify(path)}`,
  value: 'value=$word',
  choices: (words) => `candidates=(${wordList(words)})`,
  // The program answers for a `complete` function; the words so far, the partial one last (C2).
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not a template
  dynamic: 'candidates=(${(f)"$(${words[1]} __complete "${(@)words[2,CURRENT]}" 2>/dev/null)"})',
  files: '_files; return',
  words: (words) => `candidates=(${wordList(words)})`,
};

const arms = (list: Arm[], indent: string): string =>
  list.map((arm) => `${indent}(${arm.patterns.map(pattern).join('|')}) ${arm.body} ;;`).join('\n');

/**
 * The zsh script (C1, C2): an autoloadable `#compdef` function that also registers itself when
 * sourced. `cmdpath` rather than `path`, which zsh ties to PATH.
 */
export function renderZshCompletion(table: CompletionTable): string {
  const fn = functionName(table.name);
  return `#compdef ${table.name}
# zsh completion for ${table.name}, generated from its declaration.
# Install: ${table.name} completion zsh > "\${fpath[1]}/${fn}", then start a new shell;
# or, after compinit in ~/.zshrc: source <(${table.name} completion zsh)
${fn}() {
  local cur=\${words[CURRENT]} cmdpath="" value="" word i
  local -a candidates
  for ((i = 2; i < CURRENT; i++)); do
    word=\${words[i]}
    if [[ -n $value ]]; then value=""; continue; fi
    [[ $word == -- ]] && return 1
    case "$cmdpath:$word" in
${arms(walkArms(table, dialect), '      ')}
    esac
  done
  if [[ -n $value ]]; then
    case "$cmdpath:$value" in
${arms(valueArms(table, dialect), '      ')}
      (*) ${dialect.files} ;;
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
  (( \${#candidates} )) && compadd -- "\${candidates[@]}"
}
if [[ "\${funcstack[1]}" == ${fn} ]]; then
  ${fn} "$@"
else
  compdef ${fn} ${table.name}
fi
`;
}
