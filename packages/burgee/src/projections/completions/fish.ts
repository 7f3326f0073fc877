import { type Arm, type Dialect, listArms, valueArms, walkArms, wordList } from './arms.js';
import { type CompletionTable, functionName, quote } from './table.js';

const dialect: Dialect = {
  enter: (path) => `set cmdpath ${quote(path)}`,
  value: 'set value $word',
  choices: (words) => `printf '%s\\n' ${wordList(words)}; return`,
  // The program answers for a `complete` function; the words so far, the partial one last (C2).
  dynamic: '$words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return',
  files: '__fish_complete_path (commandline -ct); return',
  words: (words) => `printf '%s\\n' ${wordList(words)}`,
};

const arms = (list: Arm[], indent: string): string =>
  list.map((arm) => `${indent}case ${arm.patterns.map(quote).join(' ')}\n${indent}  ${arm.body}`).join('\n');

/**
 * The fish script (C1, C2): one function walks the words typed so far and prints the candidates;
 * fish itself filters them against the word under the cursor.
 */
export function renderFishCompletion(table: CompletionTable): string {
  const fn = `_${functionName(table.name)}_candidates`;
  return `# fish completion for ${table.name}, generated from its declaration.
# Install: ${table.name} completion fish > ~/.config/fish/completions/${table.name}.fish
function ${fn}
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
${arms(walkArms(table, dialect), '      ')}
    end
  end
  if test -n "$value"
    switch "$cmdpath:$value"
${arms(valueArms(table, dialect), '      ')}
    end
    ${dialect.files}
  end
  switch (commandline -ct)
    case '-*'
      switch "$cmdpath"
${arms(listArms(table, dialect, 'flags'), '        ')}
      end
    case '*'
      switch "$cmdpath"
${arms(listArms(table, dialect, 'commands'), '        ')}
      end
  end
end
complete -c ${table.name} -f -a '(${fn})'
`;
}
