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
      case config:get
        set cmdpath 'config get'
      case config:set
        set cmdpath 'config set'
      case 'config get:--scope'
        set value $word
      case lazy:--flavour
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
      case 'config get:--scope'
        printf '%s\n' local global; return
      case lazy:--flavour
        $words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return
    end
    __fish_complete_path (commandline -ct); return
  end
  switch (commandline -ct)
    case '-*'
      switch "$cmdpath"
        case ''
          printf '%s\n' --json --help --schema --mcp
        case deploy
          printf '%s\n' --target --channel -c --region --broken --verify --no-verify --json --help --schema
        case config
          printf '%s\n' --json --help
        case 'config get'
          printf '%s\n' --scope --json --help --schema
        case 'config set'
          printf '%s\n' --json --help --schema
        case drop
          printf '%s\n' --json --help --schema
        case lazy
          printf '%s\n' --flavour --json --help --schema
      end
    case '*'
      switch "$cmdpath"
        case ''
          printf '%s\n' deploy config drop lazy help completion mcp
        case config
          printf '%s\n' get set
      end
  end
end
complete -c tool -f -a '(__tool_candidates)'
