// The source text of the property access an error points at (`input.units`, `args.input?.units`), read off the
// text by scanning back from the property name over the chain before it: the compiler in its own process reports
// a position, not a syntax tree, and parsing the file again only to quote it would cost a compiler load.

const IDENT = /[\p{ID_Continue}$\u200c\u200d]/u;
/** Words after which `(...)` is a parenthesized operand, not a call. */
const KEYWORD = /(?:^|[^\p{ID_Continue}$])(?:return|await|typeof|void|delete|yield|in|of|instanceof|case|throw|new|else|do)$/u;

/** The whole `a.b?.c!.name` expression when the name at (line, column) is the name of a property access. */
export function accessText(text: string, line: number, column: number): string | undefined {
  let lineStart = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', lineStart);
    if (next < 0) return undefined;
    lineStart = next + 1;
  }
  const start = lineStart + column - 1;
  let end = start;
  while (end < text.length && IDENT.test(text[end])) end++;
  if (end === start) return undefined;
  let i = skipSpace(text, start - 1);
  if (text[i] !== '.') return undefined;
  let first = start;
  // Invariant: text[i] is a `.` joining the operand that ends before it to what follows.
  while (i >= 0 && text[i] === '.') {
    i = skipSpace(text, i - 1 - (text[i - 1] === '?' ? 1 : 0));
    let operandStart = -1;
    for (;;) {
      while (text[i] === '!') i = skipSpace(text, i - 1);
      if (text[i] === ')' || text[i] === ']') {
        const open = matchingOpen(text, i);
        if (open < 0) return undefined;
        operandStart = open;
        i = skipSpace(text, open - 1);
        // A call or index continues to the left only when a callee (not a keyword), a closing bracket or `!` is before it.
        if (
          i >= 0 &&
          ((IDENT.test(text[i]) && !KEYWORD.test(text.slice(Math.max(0, i - 11), i + 1))) ||
            text[i] === ')' ||
            text[i] === ']' ||
            text[i] === '!')
        )
          continue;
        break;
      }
      if (i >= 0 && IDENT.test(text[i])) {
        while (i >= 0 && IDENT.test(text[i])) i--;
        operandStart = i + 1;
        i = skipSpace(text, i);
      }
      break;
    }
    if (operandStart < 0) return undefined;
    first = operandStart;
    if (text[i] === '.' && text[i - 1] === '.') break; // a spread `...x.name`: the access starts at x
  }
  return text.slice(first, end);
}

function skipSpace(text: string, i: number): number {
  while (i >= 0 && /\s/.test(text[i])) i--;
  return i;
}

function matchingOpen(text: string, close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    const c = text[i];
    if (c === ')' || c === ']') depth++;
    else if (c === '(' || c === '[') depth--;
    if (depth === 0) return i;
  }
  return -1;
}
