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
      :deploy) cmdpath=deploy ;;
      :config) cmdpath=config ;;
      :drop) cmdpath=drop ;;
      :lazy) cmdpath=lazy ;;
      :help) cmdpath=help ;;
      :completion) cmdpath=completion ;;
      :mcp) cmdpath=mcp ;;
      :skills) cmdpath=skills ;;
      deploy:--target) value=$word ;;
      deploy:--channel) value=$word ;;
      deploy:-c) value=$word ;;
      deploy:--region) value=$word ;;
      deploy:--broken) value=$word ;;
      deploy:--explain) value=$word ;;
      config:get) cmdpath='config get' ;;
      config:set) cmdpath='config set' ;;
      'config get:--scope') value=$word ;;
      'config get:--explain') value=$word ;;
      'config set:--explain') value=$word ;;
      drop:--explain) value=$word ;;
      lazy:--flavour) value=$word ;;
      lazy:--explain) value=$word ;;
      help:config) cmdpath='help config' ;;
      mcp:config) cmdpath='mcp config' ;;
      mcp:install) cmdpath='mcp install' ;;
      'mcp config:--scope') value=$word ;;
      'mcp config:--http') value=$word ;;
      'mcp config:--token-env') value=$word ;;
      'mcp config:--env') value=$word ;;
      'mcp install:--scope') value=$word ;;
      'mcp install:--http') value=$word ;;
      'mcp install:--token-env') value=$word ;;
      'mcp install:--env') value=$word ;;
      skills:print) cmdpath='skills print' ;;
      skills:add) cmdpath='skills add' ;;
      'skills print:config') cmdpath='skills print config' ;;
      'skills add:--agent') value=$word ;;
      'skills add:--scope') value=$word ;;
    esac
  done
  if [[ -n $value ]]; then
    case "$cmdpath:$value" in
      deploy:--target) while IFS= read -r word; do COMPREPLY+=("$word"); done < <(compgen -f -- "$cur"); return 0 ;;
      deploy:--channel|deploy:-c) words=(stable beta nightly) ;;
      deploy:--region) while IFS= read -r word; do COMPREPLY+=("$word"); done < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null); return 0 ;;
      deploy:--broken) while IFS= read -r word; do COMPREPLY+=("$word"); done < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null); return 0 ;;
      deploy:--explain) words=(target channel region broken verify yes) ;;
      'config get:--scope') words=(local global) ;;
      'config get:--explain') words=(scope) ;;
      'config set:--explain') words=() ;;
      drop:--explain) words=() ;;
      lazy:--flavour) while IFS= read -r word; do COMPREPLY+=("$word"); done < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null); return 0 ;;
      lazy:--explain) words=(flavour) ;;
      'mcp config:--scope') words=(project user) ;;
      'mcp config:--http') words=() ;;
      'mcp config:--token-env') words=() ;;
      'mcp config:--env') words=() ;;
      'mcp install:--scope') words=(project user) ;;
      'mcp install:--http') words=() ;;
      'mcp install:--token-env') words=() ;;
      'mcp install:--env') words=() ;;
      'skills add:--agent') words=(claude-code codex copilot cursor gemini goose opencode windsurf) ;;
      'skills add:--scope') words=(project user) ;;
      *) while IFS= read -r word; do COMPREPLY+=("$word"); done < <(compgen -f -- "$cur"); return 0 ;;
    esac
  elif [[ $cur == -* ]]; then
    case "$cmdpath" in
      '') words=(--json --schema --llms --mcp --version --help -h) ;;
      deploy) words=(--target --channel -c --region --broken --verify --no-verify --yes --json --explain --help -h) ;;
      config) words=(--json --help -h) ;;
      'config get') words=(--scope --json --explain --help -h) ;;
      'config set') words=(--json --explain --help -h) ;;
      drop) words=(--json --explain --help -h) ;;
      lazy) words=(--flavour --json --explain --help -h) ;;
      help) words=(--all --json) ;;
      'help config') words=(--all --json) ;;
      completion) words=(--json) ;;
      mcp) words=(--json) ;;
      'mcp config') words=(--scope --http --token-env --env --json) ;;
      'mcp install') words=(--scope --http --token-env --env --dry-run --json) ;;
      skills) words=(--json) ;;
      'skills print') words=(--json) ;;
      'skills print config') words=(--json) ;;
      'skills add') words=(--agent --scope --all --dry-run --json) ;;
    esac
  else
    case "$cmdpath" in
      '') words=(deploy config drop lazy help completion mcp skills) ;;
      deploy) while IFS= read -r word; do COMPREPLY+=("$word"); done < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null); return 0 ;;
      config) words=(get set) ;;
      'config set') while IFS= read -r word; do COMPREPLY+=("$word"); done < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null); return 0 ;;
      help) words=(deploy config drop lazy) ;;
      'help config') words=(get set) ;;
      completion) while IFS= read -r word; do COMPREPLY+=("$word"); done < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null); return 0 ;;
      mcp) words=(config install) ;;
      'mcp config') while IFS= read -r word; do COMPREPLY+=("$word"); done < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null); return 0 ;;
      'mcp install') while IFS= read -r word; do COMPREPLY+=("$word"); done < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null); return 0 ;;
      skills) words=(print add) ;;
      'skills print') words=(config) ;;
    esac
  fi
  for word in "${words[@]}"; do
    [[ $word == "$cur"* ]] && COMPREPLY+=("$word")
  done
  return 0
}
complete -F _tool tool
