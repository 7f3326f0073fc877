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
    switch "$cmdpath:$word"
      case :deploy
        set cmdpath deploy
      case :config
        set cmdpath config
      case :drop
        set cmdpath drop
      case :lazy
        set cmdpath lazy
      case :help
        set cmdpath help
      case :completion
        set cmdpath completion
      case :mcp
        set cmdpath mcp
      case deploy:--target
        set value $word
      case deploy:--channel
        set value $word
      case deploy:-c
        set value $word
      case deploy:--region
        set value $word
      case deploy:--broken
        set value $word
      case deploy:--explain
        set value $word
      case config:get
        set cmdpath 'config get'
      case config:set
        set cmdpath 'config set'
      case 'config get:--scope'
        set value $word
      case 'config get:--explain'
        set value $word
      case 'config set:--explain'
        set value $word
      case drop:--explain
        set value $word
      case lazy:--flavour
        set value $word
      case lazy:--explain
        set value $word
      case help:config
        set cmdpath 'help config'
      case mcp:config
        set cmdpath 'mcp config'
      case mcp:install
        set cmdpath 'mcp install'
      case 'mcp config:--scope'
        set value $word
      case 'mcp config:--http'
        set value $word
      case 'mcp config:--token-env'
        set value $word
      case 'mcp install:--scope'
        set value $word
      case 'mcp install:--http'
        set value $word
      case 'mcp install:--token-env'
        set value $word
    end
  end
  if test -n "$value"
    switch "$cmdpath:$value"
      case deploy:--target
        __fish_complete_path (commandline -ct); return
      case deploy:--channel deploy:-c
        printf '%s\n' stable beta nightly; return
      case deploy:--region
        $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
      case deploy:--broken
        $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
      case deploy:--explain
        printf '%s\n' target channel region broken verify yes; return
      case 'config get:--scope'
        printf '%s\n' local global; return
      case 'config get:--explain'
        printf '%s\n' scope; return
      case 'config set:--explain'
        printf '%s\n' ; return
      case drop:--explain
        printf '%s\n' ; return
      case lazy:--flavour
        $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
      case lazy:--explain
        printf '%s\n' flavour; return
      case 'mcp config:--scope'
        printf '%s\n' project user; return
      case 'mcp config:--http'
        printf '%s\n' ; return
      case 'mcp config:--token-env'
        printf '%s\n' ; return
      case 'mcp install:--scope'
        printf '%s\n' project user; return
      case 'mcp install:--http'
        printf '%s\n' ; return
      case 'mcp install:--token-env'
        printf '%s\n' ; return
    end
    __fish_complete_path (commandline -ct); return
  end
  switch (commandline -ct)
    case '-*'
      switch "$cmdpath"
        case ''
          printf '%s\n' --json --schema --mcp --version --help -h
        case deploy
          printf '%s\n' --target --channel -c --region --broken --verify --no-verify --yes --json --explain --help -h
        case config
          printf '%s\n' --json --help -h
        case 'config get'
          printf '%s\n' --scope --json --explain --help -h
        case 'config set'
          printf '%s\n' --json --explain --help -h
        case drop
          printf '%s\n' --json --explain --help -h
        case lazy
          printf '%s\n' --flavour --json --explain --help -h
        case help
          printf '%s\n' --all --json
        case 'help config'
          printf '%s\n' --all --json
        case completion
          printf '%s\n' --json
        case mcp
          printf '%s\n' --json
        case 'mcp config'
          printf '%s\n' --scope --http --token-env --json
        case 'mcp install'
          printf '%s\n' --scope --http --token-env --dry-run --json
      end
    case '*'
      switch "$cmdpath"
        case ''
          printf '%s\n' deploy config drop lazy help completion mcp
        case deploy
          $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
        case config
          printf '%s\n' get set
        case 'config set'
          $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
        case help
          printf '%s\n' deploy config drop lazy
        case 'help config'
          printf '%s\n' get set
        case completion
          $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
        case mcp
          printf '%s\n' config install
        case 'mcp config'
          $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
        case 'mcp install'
          $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
      end
  end
end
complete -c tool -f -a '(__tool_candidates)'
