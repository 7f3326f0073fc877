#compdef tool
# zsh completion for tool, generated from its declaration.
# Install: tool completion zsh > "${fpath[1]}/_tool", then start a new shell;
# or, after compinit in ~/.zshrc: source <(tool completion zsh)
_tool() {
  local cur=${words[CURRENT]} cmdpath="" value="" word i
  local -a candidates
  for ((i = 2; i < CURRENT; i++)); do
    word=${words[i]}
    if [[ -n $value ]]; then value=""; continue; fi
    [[ $word == -- ]] && return 1
    case "$cmdpath:$word" in
      (:deploy) cmdpath=deploy ;;
      (:config) cmdpath=config ;;
      (:drop) cmdpath=drop ;;
      (:lazy) cmdpath=lazy ;;
      (:help) cmdpath=help ;;
      (:completion) cmdpath=completion ;;
      (:mcp) cmdpath=mcp ;;
      (:skills) cmdpath=skills ;;
      (deploy:--target) value=$word ;;
      (deploy:--channel) value=$word ;;
      (deploy:-c) value=$word ;;
      (deploy:--region) value=$word ;;
      (deploy:--broken) value=$word ;;
      (deploy:--explain) value=$word ;;
      (config:get) cmdpath='config get' ;;
      (config:set) cmdpath='config set' ;;
      ('config get:--scope') value=$word ;;
      ('config get:--explain') value=$word ;;
      ('config set:--explain') value=$word ;;
      (drop:--explain) value=$word ;;
      (lazy:--flavour) value=$word ;;
      (lazy:--explain) value=$word ;;
      (help:config) cmdpath='help config' ;;
      (mcp:config) cmdpath='mcp config' ;;
      (mcp:install) cmdpath='mcp install' ;;
      ('mcp config:--scope') value=$word ;;
      ('mcp config:--http') value=$word ;;
      ('mcp config:--token-env') value=$word ;;
      ('mcp config:--env') value=$word ;;
      ('mcp install:--scope') value=$word ;;
      ('mcp install:--http') value=$word ;;
      ('mcp install:--token-env') value=$word ;;
      ('mcp install:--env') value=$word ;;
      (skills:print) cmdpath='skills print' ;;
      (skills:add) cmdpath='skills add' ;;
      ('skills print:config') cmdpath='skills print config' ;;
      ('skills add:--agent') value=$word ;;
      ('skills add:--scope') value=$word ;;
    esac
  done
  if [[ -n $value ]]; then
    case "$cmdpath:$value" in
      (deploy:--target) _files; return ;;
      (deploy:--channel|deploy:-c) candidates=(stable beta nightly) ;;
      (deploy:--region) candidates=(${(f)"$(${words[1]} __complete "${(@)words[2,CURRENT]}" 2>/dev/null)"}) ;;
      (deploy:--broken) candidates=(${(f)"$(${words[1]} __complete "${(@)words[2,CURRENT]}" 2>/dev/null)"}) ;;
      (deploy:--explain) candidates=(target channel region broken verify yes) ;;
      ('config get:--scope') candidates=(local global) ;;
      ('config get:--explain') candidates=(scope) ;;
      ('config set:--explain') candidates=() ;;
      (drop:--explain) candidates=() ;;
      (lazy:--flavour) candidates=(${(f)"$(${words[1]} __complete "${(@)words[2,CURRENT]}" 2>/dev/null)"}) ;;
      (lazy:--explain) candidates=(flavour) ;;
      ('mcp config:--scope') candidates=(project user) ;;
      ('mcp config:--http') candidates=() ;;
      ('mcp config:--token-env') candidates=() ;;
      ('mcp config:--env') candidates=() ;;
      ('mcp install:--scope') candidates=(project user) ;;
      ('mcp install:--http') candidates=() ;;
      ('mcp install:--token-env') candidates=() ;;
      ('mcp install:--env') candidates=() ;;
      ('skills add:--agent') candidates=(claude-code codex copilot cursor gemini goose opencode windsurf) ;;
      ('skills add:--scope') candidates=(project user) ;;
      (*) _files; return ;;
    esac
  elif [[ $cur == -* ]]; then
    case "$cmdpath" in
      ('') candidates=(--json --schema --llms --mcp --version --help -h) ;;
      (deploy) candidates=(--target --channel -c --region --broken --verify --no-verify --yes --json --explain --help -h) ;;
      (config) candidates=(--json --help -h) ;;
      ('config get') candidates=(--scope --json --explain --help -h) ;;
      ('config set') candidates=(--json --explain --help -h) ;;
      (drop) candidates=(--json --explain --help -h) ;;
      (lazy) candidates=(--flavour --json --explain --help -h) ;;
      (help) candidates=(--all --json) ;;
      ('help config') candidates=(--all --json) ;;
      (completion) candidates=(--json) ;;
      (mcp) candidates=(--json) ;;
      ('mcp config') candidates=(--scope --http --token-env --env --json) ;;
      ('mcp install') candidates=(--scope --http --token-env --env --dry-run --json) ;;
      (skills) candidates=(--json) ;;
      ('skills print') candidates=(--json) ;;
      ('skills print config') candidates=(--json) ;;
      ('skills add') candidates=(--agent --scope --all --dry-run --json) ;;
    esac
  else
    case "$cmdpath" in
      ('') candidates=(deploy config drop lazy help completion mcp skills) ;;
      (deploy) candidates=(${(f)"$(${words[1]} __complete "${(@)words[2,CURRENT]}" 2>/dev/null)"}) ;;
      (config) candidates=(get set) ;;
      ('config set') candidates=(${(f)"$(${words[1]} __complete "${(@)words[2,CURRENT]}" 2>/dev/null)"}) ;;
      (help) candidates=(deploy config drop lazy) ;;
      ('help config') candidates=(get set) ;;
      (completion) candidates=(${(f)"$(${words[1]} __complete "${(@)words[2,CURRENT]}" 2>/dev/null)"}) ;;
      (mcp) candidates=(config install) ;;
      ('mcp config') candidates=(${(f)"$(${words[1]} __complete "${(@)words[2,CURRENT]}" 2>/dev/null)"}) ;;
      ('mcp install') candidates=(${(f)"$(${words[1]} __complete "${(@)words[2,CURRENT]}" 2>/dev/null)"}) ;;
      (skills) candidates=(print add) ;;
      ('skills print') candidates=(config) ;;
    esac
  fi
  (( ${#candidates} )) && compadd -- "${candidates[@]}"
}
if [[ "${funcstack[1]}" == _tool ]]; then
  _tool "$@"
else
  compdef _tool tool
fi
