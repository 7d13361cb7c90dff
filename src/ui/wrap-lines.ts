/**
 * Greedy word wrap: `text` split into lines no wider than `maxWidth` as `measure` counts width
 * (canvas `measureText` on the page, characters in tests). A word wider than a line gets a line
 * of its own rather than being cut (a URL stays whole).
 */
export function wrapLines(text: string, maxWidth: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}
