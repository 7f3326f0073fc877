// The table of a corpus run, for a terminal or (--markdown) for the docs, with the reasons under it.

const HEADERS = ['program', 'library', 'module', 'people identical', '--json', '--schema', 'MCP list+call'];
const CHECKS = ['people', 'json', 'schema', 'mcp'];

/** A cell: pass, fail (with a footnote number) or not applicable. */
function cell(check, note) {
  if (check === undefined) return '-';
  if (check.pass === null) return `n/a [${note}]`;
  return check.pass ? 'pass' : `FAIL [${note}]`;
}

/** Rows and footnotes: every failure and every n/a gets a numbered reason; notes of the install follow. */
export function tabulate(rows) {
  const notes = [];
  const table = rows.map((row) => {
    const cells = [`${row.program.name}@${row.program.version}`, `${row.program.host}@${row.hostVersion ?? '?'}`];
    cells.push(row.esm === undefined ? '?' : row.esm ? 'ESM' : 'CJS');
    for (const key of CHECKS) {
      const check = row.checks[key];
      if (check !== undefined && check.pass !== true)
        notes.push(`${row.program.name}@${row.program.version} ${key}: ${check.reason}`);
      cells.push(cell(check, notes.length));
    }
    return cells;
  });
  const remarks = rows.flatMap((row) =>
    [row.error, ...(row.notes ?? [])]
      .filter(Boolean)
      .map((text) => `${row.program.name}@${row.program.version}: ${text}`),
  );
  return { table, notes, remarks };
}

/** Columns padded for a terminal. */
function plain(table) {
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(HEADERS), line(widths.map((w) => '-'.repeat(w))), ...table.map(line)].join('\n');
}

/** A Markdown table (pipes in cells escaped). */
function markdown(table) {
  const line = (cells) => `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(HEADERS), line(HEADERS.map(() => '---')), ...table.map(line)].join('\n');
}

/** The whole report as text. */
export function render(rows, { asMarkdown, header }) {
  const { table, notes, remarks } = tabulate(rows);
  const out = [header, '', asMarkdown ? markdown(table) : plain(table), ''];
  const bullet = asMarkdown ? (text, i) => `${i + 1}. ${text}` : (text, i) => `[${i + 1}] ${text}`;
  if (notes.length > 0) out.push(...notes.map(bullet), '');
  if (remarks.length > 0) {
    out.push(asMarkdown ? 'Notes on the installs:' : 'notes:', '');
    out.push(...remarks.map((text) => (asMarkdown ? `- ${text}` : `- ${text}`)), '');
  }
  return out.join('\n');
}
