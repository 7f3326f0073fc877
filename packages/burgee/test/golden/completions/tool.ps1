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
      { $_ -in @(':deploy') } { $cmdpath = 'deploy' }
      { $_ -in @(':config') } { $cmdpath = 'config' }
      { $_ -in @(':drop') } { $cmdpath = 'drop' }
      { $_ -in @(':lazy') } { $cmdpath = 'lazy' }
      { $_ -in @(':help') } { $cmdpath = 'help' }
      { $_ -in @(':completion') } { $cmdpath = 'completion' }
      { $_ -in @(':mcp') } { $cmdpath = 'mcp' }
      { $_ -in @('deploy:--target') } { $value = $word }
      { $_ -in @('deploy:--channel') } { $value = $word }
      { $_ -in @('deploy:-c') } { $value = $word }
      { $_ -in @('deploy:--region') } { $value = $word }
      { $_ -in @('deploy:--broken') } { $value = $word }
      { $_ -in @('deploy:--explain') } { $value = $word }
      { $_ -in @('config:get') } { $cmdpath = 'config get' }
      { $_ -in @('config:set') } { $cmdpath = 'config set' }
      { $_ -in @('config get:--scope') } { $value = $word }
      { $_ -in @('config get:--explain') } { $value = $word }
      { $_ -in @('config set:--explain') } { $value = $word }
      { $_ -in @('drop:--explain') } { $value = $word }
      { $_ -in @('lazy:--flavour') } { $value = $word }
      { $_ -in @('lazy:--explain') } { $value = $word }
      { $_ -in @('help:config') } { $cmdpath = 'help config' }
      { $_ -in @('mcp:config') } { $cmdpath = 'mcp config' }
      { $_ -in @('mcp:install') } { $cmdpath = 'mcp install' }
      { $_ -in @('mcp config:--scope') } { $value = $word }
      { $_ -in @('mcp config:--http') } { $value = $word }
      { $_ -in @('mcp config:--token-env') } { $value = $word }
      { $_ -in @('mcp install:--scope') } { $value = $word }
      { $_ -in @('mcp install:--http') } { $value = $word }
      { $_ -in @('mcp install:--token-env') } { $value = $word }
    }
  }
  if ($value -ne '') {
    switch ("${cmdpath}:$value") {
      { $_ -in @('deploy:--target') } { $candidates = @(Get-ChildItem -Name -Path "$wordToComplete*" -ErrorAction SilentlyContinue) }
      { $_ -in @('deploy:--channel', 'deploy:-c') } { $candidates = @('stable', 'beta', 'nightly') }
      { $_ -in @('deploy:--region') } { $candidates = @(& $program __complete @typed $wordToComplete 2>$null) }
      { $_ -in @('deploy:--broken') } { $candidates = @(& $program __complete @typed $wordToComplete 2>$null) }
      { $_ -in @('deploy:--explain') } { $candidates = @('target', 'channel', 'region', 'broken', 'verify', 'yes') }
      { $_ -in @('config get:--scope') } { $candidates = @('local', 'global') }
      { $_ -in @('config get:--explain') } { $candidates = @('scope') }
      { $_ -in @('config set:--explain') } { $candidates = @() }
      { $_ -in @('drop:--explain') } { $candidates = @() }
      { $_ -in @('lazy:--flavour') } { $candidates = @(& $program __complete @typed $wordToComplete 2>$null) }
      { $_ -in @('lazy:--explain') } { $candidates = @('flavour') }
      { $_ -in @('mcp config:--scope') } { $candidates = @('project', 'user') }
      { $_ -in @('mcp config:--http') } { $candidates = @() }
      { $_ -in @('mcp config:--token-env') } { $candidates = @() }
      { $_ -in @('mcp install:--scope') } { $candidates = @('project', 'user') }
      { $_ -in @('mcp install:--http') } { $candidates = @() }
      { $_ -in @('mcp install:--token-env') } { $candidates = @() }
      default { $candidates = @(Get-ChildItem -Name -Path "$wordToComplete*" -ErrorAction SilentlyContinue) }
    }
  } elseif ($wordToComplete.StartsWith('-')) {
    switch ($cmdpath) {
      { $_ -in @('') } { $candidates = @('--json', '--schema', '--mcp', '--version', '--help', '-h') }
      { $_ -in @('deploy') } { $candidates = @('--target', '--channel', '-c', '--region', '--broken', '--verify', '--no-verify', '--yes', '--json', '--explain', '--help', '-h') }
      { $_ -in @('config') } { $candidates = @('--json', '--help', '-h') }
      { $_ -in @('config get') } { $candidates = @('--scope', '--json', '--explain', '--help', '-h') }
      { $_ -in @('config set') } { $candidates = @('--json', '--explain', '--help', '-h') }
      { $_ -in @('drop') } { $candidates = @('--json', '--explain', '--help', '-h') }
      { $_ -in @('lazy') } { $candidates = @('--flavour', '--json', '--explain', '--help', '-h') }
      { $_ -in @('help') } { $candidates = @('--all', '--json') }
      { $_ -in @('help config') } { $candidates = @('--all', '--json') }
      { $_ -in @('completion') } { $candidates = @('--json') }
      { $_ -in @('mcp') } { $candidates = @('--json') }
      { $_ -in @('mcp config') } { $candidates = @('--scope', '--http', '--token-env', '--json') }
      { $_ -in @('mcp install') } { $candidates = @('--scope', '--http', '--token-env', '--dry-run', '--json') }
    }
  } else {
    switch ($cmdpath) {
      { $_ -in @('') } { $candidates = @('deploy', 'config', 'drop', 'lazy', 'help', 'completion', 'mcp') }
      { $_ -in @('deploy') } { $candidates = @(& $program __complete @typed $wordToComplete 2>$null) }
      { $_ -in @('config') } { $candidates = @('get', 'set') }
      { $_ -in @('config set') } { $candidates = @(& $program __complete @typed $wordToComplete 2>$null) }
      { $_ -in @('help') } { $candidates = @('deploy', 'config', 'drop', 'lazy') }
      { $_ -in @('help config') } { $candidates = @('get', 'set') }
      { $_ -in @('completion') } { $candidates = @(& $program __complete @typed $wordToComplete 2>$null) }
      { $_ -in @('mcp') } { $candidates = @('config', 'install') }
      { $_ -in @('mcp config') } { $candidates = @(& $program __complete @typed $wordToComplete 2>$null) }
      { $_ -in @('mcp install') } { $candidates = @(& $program __complete @typed $wordToComplete 2>$null) }
    }
  }
  $candidates | Where-Object { $_ -like "$wordToComplete*" } | ForEach-Object {
    [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)
  }
}
