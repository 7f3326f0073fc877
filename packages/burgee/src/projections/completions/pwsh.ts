import { type Arm, type Dialect, listArms, valueArms, walkArms } from './arms.js';
import { commentText, pwshQuote } from './quote.js';
import type { CompletionTable } from './table.js';

const psList = (words: readonly string[]): string => `@(${words.map(pwshQuote).join(', ')})`;

const dialect: Dialect = {
  enter: (path) => `$cmdpath = ${pwshQuote(path)}`,
  value: '$value = $word',
  choices: (words) => `$candidates = ${psList(words)}`,
  // The program answers for a `complete` function; the words so far, the partial one last (C2).
  dynamic: `$candidates = @(& $program __complete @typed $wordToComplete 2>$null)`,
  files: '$candidates = @(Get-ChildItem -Name -Path "$wordToComplete*" -ErrorAction SilentlyContinue)',
  words: (words) => `$candidates = ${psList(words)}`,
};

// -cin: flags and commands are case-sensitive words (`-c` is not `-C`); -in would match either.
const arms = (list: Arm[], indent: string): string =>
  list.map((arm) => `${indent}{ $_ -cin ${psList(arm.patterns)} } { ${arm.body} }`).join('\n');

/** How the program is run in PowerShell: a name that needs quotes is called with `&`. */
const invocation = (name: string): string => (/^[A-Za-z0-9_.-]+$/.test(name) ? name : `& ${pwshQuote(name)}`);

/** The PowerShell script (C1, C2): a native argument completer over the same walk as the others. */
export function renderPwshCompletion(table: CompletionTable): string {
  const shown = commentText(invocation(table.name));
  return `# PowerShell completion for ${shown}, generated from its declaration.
# Install: ${shown} completion pwsh >> $PROFILE   (or: ${shown} completion pwsh | Out-String | Invoke-Expression)
Register-ArgumentCompleter -Native -CommandName ${pwshQuote(table.name)} -ScriptBlock {
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
    switch ("\${cmdpath}:$word") {
${arms(walkArms(table, dialect), '      ')}
    }
  }
  if ($value -ne '') {
    switch ("\${cmdpath}:$value") {
${arms(valueArms(table, dialect), '      ')}
      default { ${dialect.files} }
    }
  } elseif ($wordToComplete.StartsWith('-')) {
    switch ($cmdpath) {
${arms(listArms(table, dialect, 'flags'), '      ')}
    }
  } else {
    switch ($cmdpath) {
${arms(listArms(table, dialect, 'commands'), '      ')}
    }
  }
  $candidates | Where-Object { $_ -like "$wordToComplete*" } | ForEach-Object {
    [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)
  }
}
`;
}
