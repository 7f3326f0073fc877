# fish completion for tool, generated from its declaration.
# Install: tool completion fish > ~/.config/fish/completions/tool.fish
function __tool_candidates
  set -l words (commandline -opc)
  set -l cmdpath ''
  set -l value ''
  for word in $words[2..-1]
    if test -n "$value"
      set value ''
      continue
    end
    test "$word" = -- && return
    if contains -- "$cmdpath:$word" :deploy
      set cmdpath deploy
    else if contains -- "$cmdpath:$word" :config
      set cmdpath config
    else if contains -- "$cmdpath:$word" :drop
      set cmdpath drop
    else if contains -- "$cmdpath:$word" :lazy
      set cmdpath lazy
    else if contains -- "$cmdpath:$word" :help
      set cmdpath help
    else if contains -- "$cmdpath:$word" :completion
      set cmdpath completion
    else if contains -- "$cmdpath:$word" :mcp
      set cmdpath mcp
    else if contains -- "$cmdpath:$word" :skills
      set cmdpath skills
    else if contains -- "$cmdpath:$word" deploy:--target
      set value $word
    else if contains -- "$cmdpath:$word" deploy:--channel
      set value $word
    else if contains -- "$cmdpath:$word" deploy:-c
      set value $word
    else if contains -- "$cmdpath:$word" deploy:--region
      set value $word
    else if contains -- "$cmdpath:$word" deploy:--broken
      set value $word
    else if contains -- "$cmdpath:$word" deploy:--explain
      set value $word
    else if contains -- "$cmdpath:$word" config:get
      set cmdpath 'config get'
    else if contains -- "$cmdpath:$word" config:set
      set cmdpath 'config set'
    else if contains -- "$cmdpath:$word" 'config get:--scope'
      set value $word
    else if contains -- "$cmdpath:$word" 'config get:--explain'
      set value $word
    else if contains -- "$cmdpath:$word" 'config set:--explain'
      set value $word
    else if contains -- "$cmdpath:$word" drop:--explain
      set value $word
    else if contains -- "$cmdpath:$word" lazy:--flavour
      set value $word
    else if contains -- "$cmdpath:$word" lazy:--explain
      set value $word
    else if contains -- "$cmdpath:$word" help:config
      set cmdpath 'help config'
    else if contains -- "$cmdpath:$word" mcp:config
      set cmdpath 'mcp config'
    else if contains -- "$cmdpath:$word" mcp:install
      set cmdpath 'mcp install'
    else if contains -- "$cmdpath:$word" 'mcp config:--scope'
      set value $word
    else if contains -- "$cmdpath:$word" 'mcp config:--http'
      set value $word
    else if contains -- "$cmdpath:$word" 'mcp config:--token-env'
      set value $word
    else if contains -- "$cmdpath:$word" 'mcp config:--env'
      set value $word
    else if contains -- "$cmdpath:$word" 'mcp install:--scope'
      set value $word
    else if contains -- "$cmdpath:$word" 'mcp install:--http'
      set value $word
    else if contains -- "$cmdpath:$word" 'mcp install:--token-env'
      set value $word
    else if contains -- "$cmdpath:$word" 'mcp install:--env'
      set value $word
    else if contains -- "$cmdpath:$word" skills:print
      set cmdpath 'skills print'
    else if contains -- "$cmdpath:$word" skills:add
      set cmdpath 'skills add'
    else if contains -- "$cmdpath:$word" 'skills print:config'
      set cmdpath 'skills print config'
    else if contains -- "$cmdpath:$word" 'skills add:--agent'
      set value $word
    else if contains -- "$cmdpath:$word" 'skills add:--scope'
      set value $word
    end
  end
  if test -n "$value"
    if contains -- "$cmdpath:$value" deploy:--target
      __fish_complete_path (commandline -ct); return
    else if contains -- "$cmdpath:$value" deploy:--channel deploy:-c
      printf '%s\n' stable beta nightly; return
    else if contains -- "$cmdpath:$value" deploy:--region
      $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
    else if contains -- "$cmdpath:$value" deploy:--broken
      $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
    else if contains -- "$cmdpath:$value" deploy:--explain
      printf '%s\n' target channel region broken verify yes; return
    else if contains -- "$cmdpath:$value" 'config get:--scope'
      printf '%s\n' local global; return
    else if contains -- "$cmdpath:$value" 'config get:--explain'
      printf '%s\n' scope; return
    else if contains -- "$cmdpath:$value" 'config set:--explain'
      printf '%s\n' ; return
    else if contains -- "$cmdpath:$value" drop:--explain
      printf '%s\n' ; return
    else if contains -- "$cmdpath:$value" lazy:--flavour
      $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
    else if contains -- "$cmdpath:$value" lazy:--explain
      printf '%s\n' flavour; return
    else if contains -- "$cmdpath:$value" 'mcp config:--scope'
      printf '%s\n' project user; return
    else if contains -- "$cmdpath:$value" 'mcp config:--http'
      printf '%s\n' ; return
    else if contains -- "$cmdpath:$value" 'mcp config:--token-env'
      printf '%s\n' ; return
    else if contains -- "$cmdpath:$value" 'mcp config:--env'
      printf '%s\n' ; return
    else if contains -- "$cmdpath:$value" 'mcp install:--scope'
      printf '%s\n' project user; return
    else if contains -- "$cmdpath:$value" 'mcp install:--http'
      printf '%s\n' ; return
    else if contains -- "$cmdpath:$value" 'mcp install:--token-env'
      printf '%s\n' ; return
    else if contains -- "$cmdpath:$value" 'mcp install:--env'
      printf '%s\n' ; return
    else if contains -- "$cmdpath:$value" 'skills add:--agent'
      printf '%s\n' claude-code codex copilot cursor gemini goose opencode windsurf; return
    else if contains -- "$cmdpath:$value" 'skills add:--scope'
      printf '%s\n' project user; return
    end
    __fish_complete_path (commandline -ct); return
  end
  switch (commandline -ct)
    case '-*'
      if contains -- "$cmdpath" ''
        printf '%s\n' --json --schema --llms --mcp --version --help -h
      else if contains -- "$cmdpath" deploy
        printf '%s\n' --target --channel -c --region --broken --verify --no-verify --yes --json --explain --help -h
      else if contains -- "$cmdpath" config
        printf '%s\n' --json --help -h
      else if contains -- "$cmdpath" 'config get'
        printf '%s\n' --scope --json --explain --help -h
      else if contains -- "$cmdpath" 'config set'
        printf '%s\n' --json --explain --help -h
      else if contains -- "$cmdpath" drop
        printf '%s\n' --json --explain --help -h
      else if contains -- "$cmdpath" lazy
        printf '%s\n' --flavour --json --explain --help -h
      else if contains -- "$cmdpath" help
        printf '%s\n' --all --json
      else if contains -- "$cmdpath" 'help config'
        printf '%s\n' --all --json
      else if contains -- "$cmdpath" completion
        printf '%s\n' --json
      else if contains -- "$cmdpath" mcp
        printf '%s\n' --json
      else if contains -- "$cmdpath" 'mcp config'
        printf '%s\n' --scope --http --token-env --env --json
      else if contains -- "$cmdpath" 'mcp install'
        printf '%s\n' --scope --http --token-env --env --dry-run --json
      else if contains -- "$cmdpath" skills
        printf '%s\n' --json
      else if contains -- "$cmdpath" 'skills print'
        printf '%s\n' --json
      else if contains -- "$cmdpath" 'skills print config'
        printf '%s\n' --json
      else if contains -- "$cmdpath" 'skills add'
        printf '%s\n' --agent --scope --all --dry-run --json
      end
    case '*'
      if contains -- "$cmdpath" ''
        printf '%s\n' deploy config drop lazy help completion mcp skills
      else if contains -- "$cmdpath" deploy
        $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
      else if contains -- "$cmdpath" config
        printf '%s\n' get set
      else if contains -- "$cmdpath" 'config set'
        $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
      else if contains -- "$cmdpath" help
        printf '%s\n' deploy config drop lazy
      else if contains -- "$cmdpath" 'help config'
        printf '%s\n' get set
      else if contains -- "$cmdpath" completion
        $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
      else if contains -- "$cmdpath" mcp
        printf '%s\n' config install
      else if contains -- "$cmdpath" 'mcp config'
        $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
      else if contains -- "$cmdpath" 'mcp install'
        $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
      else if contains -- "$cmdpath" skills
        printf '%s\n' print add
      else if contains -- "$cmdpath" 'skills print'
        printf '%s\n' config
      end
  end
end
complete -f -a '(__tool_candidates)' -- tool
