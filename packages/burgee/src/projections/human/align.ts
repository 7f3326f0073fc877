/** Pads every column but the last to its widest cell, so the next column starts at one place. */
export function alignColumns(rows: readonly (readonly string[])[], layout: { indent: number; gap: number }): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  const margin = ' '.repeat(layout.indent);
  const gap = ' '.repeat(layout.gap);
  return rows.map((row) => {
    const cells = row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)));
    // An empty last cell would otherwise leave the padding behind as trailing spaces.
    return `${margin}${cells.join(gap)}`.trimEnd();
  });
}
