import { type Arm, type Dialect, listArms, valueArms, walkArms, wordList } from './arms.js';
import { commentText, functionName, hasControl, posixQuote } from './quote.js';
import type { CompletionTable } from './table.js';

/** The statements of the walk; `program` is how the program is run to answer for a `complete` function. */
const dialectFor = (program: string): Dialect => ({
  enter: (path) => `cmdpath=${posixQuote(path)}`,
  value: 'value=$word',
  choices: (words) => `candidates=(${wordList(words, posixQuote)})`,
  // The program answers for a `complete` function; the words so far, the partial one last (C2).
  dynamic: `candidates=(\${(f)"$(${program} __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)"})`,
  files: '_files; return',
  words: (words) => `candidates=(${wordList(words, posixQuote)})`,
});

/**
 * How the program is run: `words[1]` is the name as typed, quotes and all (`q\'x`, `"q'x"`), which
 * names no program when run as it is; `(Q)` takes one level of quoting off, as the shell did.
 * A name that needs no quotes is run as typed.
 */
const programOf = (name: string): string =>
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not a template
  posixQuote(name) === name.replaceAll('\u0000', '') ? '${words[1]}' : '${(Q)words[1]}';

// A quoted `case` pattern matches itself only: no word from the declaration is read as a glob.
const arms = (list: Arm[], indent: string): string =>
  list.map((arm) => `${indent}(${arm.patterns.map(posixQuote).join('|')}) ${arm.body} ;;`).join('\n');

/**
 * `#compdef` names are split at blanks and read by compdef, which takes `a=b` as a service and
 * `-p` as an option: a name it would misread gets no tag line, and is registered when sourced.
 */
const taggable = (name: string): boolean => /^[^\s=-][^\s=]*$/.test(name) && !hasControl(name);

/** Registers the function for the name as typed: compdef reads `a=b` as a service, `-p` as a switch. */
const register = (fn: string, name: string): string =>
  name.includes('=') || /^-[NpP]$/.test(name)
    ? `_comps+=(${posixQuote(name)} ${fn})`
    : `compdef ${fn} ${posixQuote(name)}`;

/**
 * The zsh script (C1, C2): an autoloadable `#compdef` function that also registers itself when
 * sourced. `cmdpath` rather than `path`, which zsh ties to PATH.
 */
export function renderZshCompletion(table: CompletionTable): string {
  const fn = functionName(table.name);
  const dialect = dialectFor(programOf(table.name));
  const shown = commentText(posixQuote(table.name));
  const head = taggable(table.name)
    ? `#compdef ${table.name}
# zsh completion for ${shown}, generated from its declaration.
# Install: ${shown} completion zsh > "\${fpath[1]}/${fn}", then start a new shell;
# or, after compinit in ~/.zshrc: source <(${shown} completion zsh)`
    : `# zsh completion for ${shown}, generated from its declaration.
# Install, after compinit in ~/.zshrc: source <(${shown} completion zsh)
# (no #compdef line: compinit would misread this name, so the script is sourced, not autoloaded)`;
  return `${head}
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
  ${register(fn, table.name)}
fi
`;
}
