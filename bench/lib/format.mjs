// Plain-text output helpers: aligned tables and consistent number formats.

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const formatRate = (value) => (Number.isFinite(value) ? integer.format(value) : '-');
export const formatMs = (value) => (Number.isFinite(value) ? value.toFixed(2) : '-');
export const formatRatio = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : '-');
/** Kilobytes as Vite prints them (1 KB = 1000 bytes), so the numbers match the build output. */
export const formatKb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * An aligned table. columns: [{ title, align: 'left' | 'right' }]; rows: arrays of strings.
 * Returns the lines, header and rule included.
 */
export function table(columns, rows) {
  const widths = columns.map((column, index) =>
    Math.max(column.title.length, ...rows.map((row) => String(row[index] ?? '').length)),
  );
  const line = (cells) =>
    cells
      .map((cell, index) => {
        const text = String(cell ?? '');
        return columns[index].align === 'right' ? text.padStart(widths[index]) : text.padEnd(widths[index]);
      })
      .join('  ')
      .trimEnd();
  return [line(columns.map((column) => column.title)), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)];
}

export function heading(text) {
  return `\n== ${text} ==`;
}
