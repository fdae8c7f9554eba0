// Doc comments of generated code: Biome never rewraps comments, so long ones are wrapped here, after formatting.

/** GENERATED_STYLE's line width (generator/write/format.ts): no generated line is longer where it can be broken. */
export const LINE_WIDTH = 120;
const ONE_LINE_DOC = /^(\s*)\/\*\* (.*) \*\/$/;

/**
 * Biome never rewraps comments, and the manifest's descriptions become doc comments: one that does not fit in 120
 * columns becomes a block of lines that do (words longer than a line stay whole).
 */
export function wrapDocComments(source: string): string {
  if (!source.split('\n').some((l) => l.length > LINE_WIDTH)) return source;
  return source
    .split('\n')
    .map((line) => {
      const m = line.length > LINE_WIDTH ? ONE_LINE_DOC.exec(line) : null;
      if (!m) return line;
      const [, indent, text] = m as unknown as [string, string, string];
      return [
        `${indent}/**`,
        ...fillLines(text.split(' ').filter(Boolean), LINE_WIDTH - indent.length - 3).map((l) => `${indent} * ${l}`),
        `${indent} */`,
      ].join('\n');
    })
    .join('\n');
}

/**
 * `words`, each kept whole, a space apart, in lines of at most `width` columns (`firstWidth` for the first line); a
 * word longer than a line gets a line of its own.
 */
export function fillLines(words: readonly string[], width: number, firstWidth = width): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + 1 + word.length > (lines.length === 0 ? firstWidth : width)) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
