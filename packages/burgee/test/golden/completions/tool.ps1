# PowerShell completion for tool, generated from its declaration.
# Install: tool completion pwsh >> $PROFILE   (or: tool completion pwsh | Out-String | Invoke-Expression)
Register-ArgumentCompleter -Native -CommandName 'tool' -ScriptBlock {
  param($wordToComplete, $commandAst, $cursorPosition)
  $elements = @($commandAst.CommandElements | ForEach-Object { $_.ToString() })
  $program = $elements[0]
  $typed = @($elements | Select-Object -Skip 1)
  if ($wordToComplete -ne '' -and $typed.Count -gt 0) { $typed = @($typed | Select-Object -SkipLast 1) }
  $cmdpath = ''
  $value = ''
  $candidates = @()
  foreach ($word in $typed) {
    if ($value -ne '') { $value = ''; continue }
    if ($word -eq '--') { return }
    switch ("${cmdpath}:$word") {
      { $_ -cin @(':deploy') } { $cmdpath = 'deploy' }
      { $_ -cin @(':config') } { $cmdpath = 'config' }
      { $_ -cin @(':drop') } { $cmdpath = 'drop' }
      { $_ -cin @(':lazy') } { $cmdpath = 'lazy' }
      { $_ -cin @(':help') } { $cmdpath = 'help' }
      { $_ -cin @(':completion') } { $cmdpath = 'completion' }
      { $_ -cin @(':mcp') } { $cmdpath = 'mcp' }
      { $_ -cin @(':skills') } { $cmdpath = 'skills' }
      { $_ -cin @('deploy:--target') } { $value = $word }
      { $_ -cin @('deploy:--channel') } { $value = $word }
      { $_ -cin @('deploy:-c') } { $value = $word }
      { $_ -cin @('deploy:--region') } { $value = $word }
      { $_ -cin @('deploy:--broken') } { $value = $word }
      { $_ -cin @('deploy:--explain') } { $value = $word }
      { $_ -cin @('config:get') } { $cmdpath = 'config get' }
      { $_ -cin @('config:set') } { $cmdpath = 'config set' }
      { $_ -cin @('config get:--scope') } { $value = $word }
      { $_ -cin @('config get:--explain') } { $value = $word }
      { $_ -cin @('config set:--explain') } { $value = $word }
      { $_ -cin @('drop:--explain') } { $value = $word }
      { $_ -cin @('lazy:--flavour') } { $value = $word }
      { $_ -cin @('lazy:--explain') } { $value = $word }
      { $_ -cin @('help:config') } { $cmdpath = 'help config' }
      { $_ -cin @('mcp:config') } { $cmdpath = 'mcp config' }
      { $_ -cin @('mcp:install') } { $cmdpath = 'mcp install' }
      { $_ -cin @('mcp config:--scope') } { $value = $word }
      { $_ -cin @('mcp config:--http') } { $value = $word }
      { $_ -cin @('mcp config:--token-env') } { $value = $word }
      { $_ -cin @('mcp config:--env') } { $value = $word }
      { $_ -cin @('mcp install:--scope') } { $value = $word }
      { $_ -cin @('mcp install:--http') } { $value = $word }
      { $_ -cin @('mcp install:--token-env') } { $value = $word }
      { $_ -cin @('mcp install:--env') } { $value = $word }
      { $_ -cin @('skills:print') } { $cmdpath = 'skills print' }
      { $_ -cin @('skills:add') } { $cmdpath = 'skills add' }
      { $_ -cin @('skills print:config') } { $cmdpath = 'skills print config' }
      { $_ -cin @('skills add:--agent') } { $value = $word }
      { $_ -cin @('skills add:--scope') } { $value = $word }
    }
  }
  if ($value -ne '') {
    switch ("${cmdpath}:$value") {
      { $_ -cin @('deploy:--target') } { $candidates = @(Get-ChildItem -Name -Path "$wordToComplete*" -ErrorAction SilentlyContinue) }
      { $_ -cin @('deploy:--channel', 'deploy:-c') } { $candidates = @('stable', 'beta', 'nightly') }
      { $_ -cin @('deploy:--region') } { $candidates = @(& $program __complete @typed $wordToComplete 2>$null) }
      { $_ -cin @('deploy:--broken') } { $candidates = @(& $program __complete @typed $wordToComplete 2>$null) }
      { $_ -cin @('deploy:--explain') } { $candidates = @('target', 'channel', 'region', 'broken', 'verify', 'yes') }
      { $_ -cin @('config get:--scope') } { $candidates = @('local', 'global') }
      { $_ -cin @('config get:--explain') } { $candidates = @('scope') }
      { $_ -cin @('config set:--explain') } { $candidates = @() }
      { $_ -cin @('drop:--explain') } { $candidates = @() }
      { $_ -cin @('lazy:--flavour') } { $candidates = @(& $program __complete @typed $wordToComplete 2>$null) }
      { $_ -cin @('lazy:--explain') } { $candidates = @('flavour') }
      { $_ -cin @('mcp config:--scope') } { $candidates = @('project', 'user') }
      { $_ -cin @('mcp config:--http') } { $candidates = @() }
      { $_ -cin @('mcp config:--token-env') } { $candidates = @() }
      { $_ -cin @('mcp config:--env') } { $candidates = @() }
      { $_ -cin @('mcp install:--scope') } { $candidates = @('project', 'user') }
      { $_ -cin @('mcp install:--http') } { $candidates = @() }
      { $_ -cin @('mcp install:--token-env') } { $candidates = @() }
      { $_ -cin @('mcp install:--env') } { $candidates = @() }
      { $_ -cin @('skills add:--agent') } { $candidates = @('claude-code', 'codex', 'copilot', 'cursor', 'gemini', 'goose', 'opencode', 'windsurf') }
      { $_ -cin @('skills add:--scope') } { $candidates = @('project', 'user') }
      default { $candidates = @(Get-ChildItem -Name -Path "$wordToComplete*" -ErrorAction SilentlyContinue) }
    }
  } elseif ($wordToComplete.StartsWith('-')) {
    switch ($cmdpath) {
      { $_ -cin @('') } { $candidates = @('--json', '--schema', '--llms', '--mcp', '--version', '--help', '-h') }
      { $_ -cin @('deploy') } { $candidates = @('--target', '--channel', '-c', '--region', '--broken', '--verify', '--no-verify', '--yes', '--json', '--explain', '--help', '-h') }
      { $_ -cin @('config') } { $candidates = @('--json', '--help', '-h') }
      { $_ -cin @('config get') } { $candidates = @('--scope', '--json', '--explain', '--help', '-h') }
      { $_ -cin @('config set') } { $candidates = @('--json', '--explain', '--help', '-h') }
      { $_ -cin @('drop') } { $candidates = @('--json', '--explain', '--help', '-h') }
      { $_ -cin @('lazy') } { $candidates = @('--flavour', '--json', '--explain', '--help', '-h') }
      { $_ -cin @('help') } { $candidates = @('--all', '--json') }
      { $_ -cin @('help config') } { $candidates = @('--all', '--json') }
      { $_ -cin @('completion') } { $candidates = @('--json') }
      { $_ -cin @('mcp') } { $candidates = @('--json') }
      { $_ -cin @('mcp config') } { $candidates = @('--scope', '--http', '--token-env', '--env', '--json') }
      { $_ -cin @('mcp install') } { $candidates = @('--scope', '--http', '--token-env', '--env', '--dry-run', '--json') }
      { $_ -cin @('skills') } { $candidates = @('--json') }
      { $_ -cin @('skills print') } { $candidates = @('--json') }
      { $_ -cin @('skills print config') } { $candidates = @('--json') }
      { $_ -cin @('skills add') } { $candidates = @('--agent', '--scope', '--all', '--dry-run', '--json') }
    }
  } else {
    switch ($cmdpath) {
      { $_ -cin @('') } { $candidates = @('deploy', 'config', 'drop', 'lazy', 'help', 'completion', 'mcp', 'skills') }
      { $_ -cin @('deploy') } { $candidates = @(& $program __complete @typed $wordToComplete 2>$null) }
      { $_ -cin @('config') } { $candidates = @('get', 'set') }
      { $_ -cin @('config set') } { $candidates = @(& $program __complete @typed $wordToComplete 2>$null) }
      { $_ -cin @('help') } { $candidates = @('deploy', 'config', 'drop', 'lazy') }
      { $_ -cin @('help config') } { $candidates = @('get', 'set') }
      { $_ -cin @('completion') } { $candidates = @(& $program __complete @typed $wordToComplete 2>$null) }
      { $_ -cin @('mcp') } { $candidates = @('config', 'install') }
      { $_ -cin @('mcp config') } { $candidates = @(& $program __complete @typed $wordToComplete 2>$null) }
      { $_ -cin @('mcp install') } { $candidates = @(& $program __complete @typed $wordToComplete 2>$null) }
      { $_ -cin @('skills') } { $candidates = @('print', 'add') }
      { $_ -cin @('skills print') } { $candidates = @('config') }
    }
  }
  $candidates | Where-Object { $_ -like "$wordToComplete*" } | ForEach-Object {
    [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)
  }
}
