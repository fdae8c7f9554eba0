// Most YAML syntax errors in a manifest are an unquoted text that YAML reads as syntax: `Note: slow` (a mapping),
// `[beta] Lists` (a list, then more text), `@user` (a reserved character). For those the hint is the line's value
// quoted, ready to paste. Indentation errors get a hint that says what YAML wants instead.

const UNCLOSED_FLOW = 'a [ or { opened here is never closed: add the closing bracket, or quote the value if the bracket is text';

// The parser's code alone is ambiguous (BAD_INDENT is also an unclosed bracket), so its message decides.
const LAYOUT: { code: string; message: RegExp; hint: string }[] = [
  { code: 'TAB_AS_INDENT', message: /./, hint: 'YAML indents with spaces only: replace the tab with spaces' },
  {
    code: 'BAD_INDENT',
    message: /^All mapping items must start at the same column/,
    hint: 'the keys of one map start in the same column: line this key up with the keys above it',
  },
  {
    code: 'BAD_INDENT',
    message: /^Flow (sequence|map) .* end with a [\]}]/,
    hint: UNCLOSED_FLOW,
  },
  {
    code: 'MISSING_CHAR',
    message: /^Flow (sequence|map) must end with a [\]}]/,
    hint: UNCLOSED_FLOW,
  },
  { code: 'MISSING_CHAR', message: /^Missing closing/, hint: 'a quoted text opened here is never closed: add the closing quote' },
  { code: 'MULTIPLE_DOCS', message: /./, hint: 'a manifest is one YAML document: remove the --- line and what follows, or merge it' },
];

/** Error codes of the `yaml` parser that an unquoted value on a `key: value` line produces, and what went wrong. */
const CAUSES: Record<string, (value: string) => string | undefined> = {
  BLOCK_AS_IMPLICIT_KEY: (v) => (/:\s/.test(v) ? '": " inside an unquoted value starts a mapping' : undefined),
  BAD_SCALAR_START: (v) => `an unquoted value cannot start with "${v[0]}"`,
  UNEXPECTED_TOKEN: (v) => {
    const opened = { '[': 'a list', '{': 'a mapping', '"': 'a quoted text', "'": 'a quoted text' }[v[0]];
    return opened ? `a value that starts with ${v[0]} is ${opened}, and text after its end is an error` : undefined;
  },
};

const KEY_VALUE_LINE = /^(\s*(?:-\s+)?)([^\s#'"{[][^#]*?):[ \t]+(\S.*?)\s*$/;

/** A hint for a syntax error of the `yaml` parser at `offset`, when its cause is known; undefined otherwise. */
export function syntaxHint(source: string, code: string, message: string, offset: number): string | undefined {
  const layout = LAYOUT.find((l) => l.code === code && l.message.test(message));
  return layout?.hint ?? quotingHint(source, code, offset) ?? OTHERWISE[code];
}

/** When the value on the line is not the cause: what the parser's code then means. */
const OTHERWISE: Record<string, string> = {
  BLOCK_AS_IMPLICIT_KEY:
    'a line below is indented deeper than the keys beside it, so YAML reads it as more of this value: line it up with them',
};

/** When the error is an unquoted value on a `key: value` line: the value quoted. */
function quotingHint(source: string, code: string, offset: number): string | undefined {
  const cause = CAUSES[code];
  if (!cause) return undefined;
  const lineStart = source.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = source.indexOf('\n', offset);
  const line = source.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).replace(/\r$/, '');
  const m = KEY_VALUE_LINE.exec(line);
  if (!m || offset < lineStart + line.indexOf(m[3], m[1].length + m[2].length + 1)) return undefined;
  const key = m[2];
  // A comment after the value (`# ` with its space) is not part of it.
  const value = m[3].replace(/\s+#\s.*$/, '');
  const why = cause(value);
  return why && `${why}; quote the value: ${key}: '${value.replaceAll("'", "''")}'`;
}
