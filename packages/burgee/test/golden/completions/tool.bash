# bash completion for tool, generated from its declaration.
# Install for your user:  tool completion bash > ~/.local/share/bash-completion/completions/tool
# or in ~/.bashrc:         source <(tool completion bash)
_tool() {
  local cur="${COMP_WORDS[COMP_CWORD]}" cmdpath="" value="" word i
  local -a words=()
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="${COMP_WORDS[i]}"
    if [[ -n $value ]]; then value=""; continue; fi
    [[ $word == -- ]] && return 0
    case "$cmdpath:$word" in
      ":deploy") cmdpath="deploy" ;;
      ":config") cmdpath="config" ;;
      ":drop") cmdpath="drop" ;;
      ":lazy") cmdpath="lazy" ;;
      "deploy:--target") value=$word ;;
      "deploy:--channel") value=$word ;;
      "deploy:-c") value=$word ;;
      "deploy:--region") value=$word ;;
      "deploy:--broken") value=$word ;;
      "config:get") cmdpath="config get" ;;
      "config:set") cmdpath="config set" ;;
      "config get:--scope") value=$word ;;
      "lazy:--flavour") value=$word ;;
    esac
  done
  if [[ -n $value ]]; then
    case "$cmdpath:$value" in
      "deploy:--target") while IFS= read -r word; do COMPREPLY+=("$word"); done < <(compgen -f -- "$cur"); return 0 ;;
      "deploy:--channel"|"deploy:-c") words=(stable beta nightly) ;;
      "deploy:--region") while IFS= read -r word; do COMPREPLY+=("$word"); done < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null); return 0 ;;
      "deploy:--broken") while IFS= read -r word; do COMPREPLY+=("$word"); done < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null); return 0 ;;
      "config get:--scope") words=(local global) ;;
      "lazy:--flavour") while IFS= read -r word; do COMPREPLY+=("$word"); done < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null); return 0 ;;
      *) while IFS= read -r word; do COMPREPLY+=("$word"); done < <(compgen -f -- "$cur"); return 0 ;;
    esac
  elif [[ $cur == -* ]]; then
    case "$cmdpath" in
      "") words=(--json --help --schema --mcp) ;;
      "deploy") words=(--target --channel -c --region --broken --verify --no-verify --json --help --schema) ;;
      "config") words=(--json --help) ;;
      "config get") words=(--scope --json --help --schema) ;;
      "config set") words=(--json --help --schema) ;;
      "drop") words=(--json --help --schema) ;;
      "lazy") words=(--flavour --json --help --schema) ;;
    esac
  else
    case "$cmdpath" in
      "") words=(deploy config drop lazy help completion mcp) ;;
      "config") words=(get set) ;;
    esac
  fi
  for word in "${words[@]}"; do
    [[ $word == "$cur"* ]] && COMPREPLY+=("$word")
  done
  return 0
}
complete -F _tool tool
