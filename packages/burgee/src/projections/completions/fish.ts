import { type Arm, type Dialect, listArms, valueArms, walkArms, wordList } from './arms.js';
import { commentText, fishQuote, functionName } from './quote.js';
import type { CompletionTable } from './table.js';

const dialect: Dialect = {
  enter: (path) => `set cmdpath ${fishQuote(path)}`,
  value: 'set value $word',
  choices: (words) => `printf '%s\\n' ${wordList(words, fishQuote)}; return`,
  // The program answers for a `complete` function; the words so far, the partial one last (C2).
  dynamic: '$words[1] __complete $words[2..-1] (commandline -ct) 2>/dev/null; return',
  files: '__fish_complete_path (commandline -ct); return',
  words: (words) => `printf '%s\\n' ${wordList(words, fishQuote)}`,
};

/**
 * The arms as one `if contains` chain: fish's `case` reads `*` and `?` as wildcards even quoted
 * (and `?` differently from one fish version to the next), `contains` compares strings exactly.
 */
function chain(list: Arm[], subject: string, indent: string): string {
  if (list.length === 0) return `${indent}true`;
  const tests = list.map(
    (arm, i) =>
      `${indent}${i === 0 ? 'if' : 'else if'} contains -- ${subject} ${wordList(arm.patterns, fishQuote)}\n${indent}  ${arm.body}`,
  );
  return `${tests.join('\n')}\n${indent}end`;
}

/**
 * The fish script (C1, C2): one function walks the words typed so far and prints the candidates;
 * fish itself filters them against the word under the cursor. The program is named as complete's
 * first operand, not with `-c`: fish has unescaped the value of `-c` once more than the shell does
 * (so `q'x` had to be written `q\x27x`), and newer fish versions do not, so no one spelling of a
 * name with a quote or a backslash works with `-c` on both; an operand is taken as it is by all.
 */
export function renderFishCompletion(table: CompletionTable): string {
  const fn = `_${functionName(table.name)}_candidates`;
  const name = fishQuote(table.name);
  const shown = commentText(name);
  return `# fish completion for ${shown}, generated from its declaration.
# Install: ${shown} completion fish > ~/.config/fish/completions/${shown}.fish
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
${chain(walkArms(table, dialect), '"$cmdpath:$word"', '    ')}
  end
  if test -n "$value"
${chain(valueArms(table, dialect), '"$cmdpath:$value"', '    ')}
    ${dialect.files}
  end
  switch (commandline -ct)
    case '-*'
${chain(listArms(table, dialect, 'flags'), '"$cmdpath"', '      ')}
    case '*'
${chain(listArms(table, dialect, 'commands'), '"$cmdpath"', '      ')}
  end
end
complete -f -a '(${fn})' -- ${name}
`;
}
