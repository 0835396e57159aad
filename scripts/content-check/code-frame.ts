/** The lines of a text around line:col, with a caret under the column, as Vite's error overlay shows a code frame. */
export function codeFrame(text: string, line: number, column: number, before = 2): string {
  const lines = text.split(/\r?\n/);
  const last = Math.min(lines.length, line + 1);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = Math.max(1, line - before); n <= last; n++) {
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  }
  // The overlay recognises a frame line by its trailing newline.
  return `${out.join('\n')}\n`;
}
