import { type Arm, type Dialect, listArms, valueArms, walkArms } from './arms.js';
import type { CompletionTable } from './table.js';

/** A PowerShell single-quoted string: `'` is written twice. */
const psQuote = (word: string): string => `'${word.replaceAll("'", "''")}'`;
const psList = (words: readonly string[]): string => `@(${words.map(psQuote).join(', ')})`;

const dialect: Dialect = {
  enter: (path) => `$cmdpath = ${psQuote(path)}`,
  value: '$value = $word',
  choices: (words) => `$candidates = ${psList(words)}`,
  // The program answers for a `complete` function; the words so far, the partial one last (C2).
  dynamic: `$candidates = @(& $program __complete @typed $wordToComplete 2>$null)`,
  files: '$candidates = @(Get-ChildItem -Name -Path "$wordToComplete*" -ErrorAction SilentlyContinue)',
  words: (words) => `$candidates = ${psList(words)}`,
};

const arms = (list: Arm[], indent: string): string =>
  list.map((arm) => `${indent}{ $_ -in ${psList(arm.patterns)} } { ${arm.body} }`).join('\n');

/** The PowerShell script (C1, C2): a native argument completer over the same walk as the others. */
export function renderPwshCompletion(table: CompletionTable): string {
  return `# PowerShell completion for ${table.name}, generated from its declaration.
# Install: ${table.name} completion pwsh >> $PROFILE   (or: ${table.name} completion pwsh | Out-String | Invoke-Expression)
Register-ArgumentCompleter -Native -CommandName ${psQuote(table.name)} -ScriptBlock {
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
