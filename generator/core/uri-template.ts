// RFC 6570 URI Template parsing (levels 1-4), for resource templates: mcp-gen needs the variable names to match
// them with handler parameters, and precise offsets to point at mistakes. Expansion is the SDK's job, not ours.

export type UriTemplateOperator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

export interface UriTemplateVariable {
  name: string;
  operator: UriTemplateOperator;
  explode: boolean;
  /** Max characters of the value to use (`{var:3}`). */
  prefix?: number;
}

export interface UriTemplateError {
  /** 0-based index into the template string. */
  offset: number;
  message: string;
}

/** One `{...}` expression as written, for checks on how expressions sit together. */
export interface UriTemplateExpression {
  /** 0-based index of its '{'. */
  offset: number;
  /** Index just after its '}'. */
  end: number;
  operator: UriTemplateOperator;
  /** Every varspec, repeats included, with the index where its name starts. */
  varspecs: (Omit<UriTemplateVariable, 'operator'> & { offset: number })[];
}

export interface ParsedUriTemplate {
  /** Each name once, in order of first use, with the modifiers of that first use. */
  variables: UriTemplateVariable[];
  errors: UriTemplateError[];
}

const OPERATORS = new Set(['+', '#', '.', '/', ';', '?', '&']);
/** RFC 6570 section 2.2 keeps these for future extensions; a template using them is not valid today. */
const RESERVED_OPERATORS = new Set(['=', ',', '!', '@', '|']);
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;
const MAX_LENGTH = /^[1-9][0-9]{0,3}$/;
/** ASCII characters RFC 6570 section 2.1 excludes from literals, besides controls, space, `%`, `{` and `}`. */
const EXCLUDED_ASCII = new Set(['"', "'", '<', '>', '\\', '^', '`', '|']);

export function parseUriTemplate(template: string): ParsedUriTemplate {
  const { variables, errors } = parseAll(template);
  return { variables, errors };
}

/** The expressions of a template, in order; those with errors are left out. */
export function uriTemplateExpressions(template: string): UriTemplateExpression[] {
  return parseAll(template).expressions;
}

function parseAll(template: string): ParsedUriTemplate & { expressions: UriTemplateExpression[] } {
  const variables: UriTemplateVariable[] = [];
  const errors: UriTemplateError[] = [];
  const expressions: UriTemplateExpression[] = [];
  const seen = new Set<string>();
  const add = (v: UriTemplateVariable) => {
    if (seen.has(v.name)) return;
    seen.add(v.name);
    variables.push(v);
  };

  let i = 0;
  while (i < template.length) {
    const ch = template[i];
    if (ch === '{') {
      i = parseExpression(template, i, add, errors, expressions);
    } else if (ch === '}') {
      errors.push({ offset: i, message: "unmatched '}'" });
      i++;
    } else {
      i = checkLiteralChar(template, i, errors);
    }
  }
  return { variables, errors, expressions };
}

/** Variable names in order of first use, each once. */
export function uriTemplateVariableNames(template: string): string[] {
  return parseUriTemplate(template).variables.map((v) => v.name);
}

/** Parses the expression opening at `start`; returns the index just after it. */
function parseExpression(
  template: string,
  start: number,
  add: (v: UriTemplateVariable) => void,
  errors: UriTemplateError[],
  expressions: UriTemplateExpression[],
): number {
  let end = start + 1;
  while (end < template.length && template[end] !== '}' && template[end] !== '{') end++;
  if (template[end] !== '}') {
    // Stopping at a nested '{' lets the next expression be parsed on its own instead of being lost.
    errors.push({ offset: start, message: `unclosed expression '${clip(template.slice(start, end))}'` });
    return end;
  }
  const body = template.slice(start + 1, end);
  const next = end + 1;
  const first = body[0] ?? '';
  if (RESERVED_OPERATORS.has(first)) {
    errors.push({ offset: start + 1, message: `reserved operator '${first}'` });
    return next;
  }
  const operator = (OPERATORS.has(first) ? first : '') as UriTemplateOperator;
  const list = body.slice(operator.length);
  if (list === '') {
    errors.push({ offset: start, message: `empty expression '${clip(template.slice(start, next))}'` });
    return next;
  }
  let offset = start + 1 + operator.length;
  const varspecs: UriTemplateExpression['varspecs'] = [];
  const failed = errors.length;
  for (const spec of list.split(',')) {
    const variable = parseVarspec(spec, offset, errors);
    if (variable) {
      add({ ...variable, operator });
      varspecs.push({ ...variable, offset });
    }
    offset += spec.length + 1;
  }
  if (errors.length === failed) expressions.push({ offset: start, end: next, operator, varspecs });
  return next;
}

function parseVarspec(spec: string, offset: number, errors: UriTemplateError[]): Omit<UriTemplateVariable, 'operator'> | undefined {
  const name = /^[^:*]*/.exec(spec)![0];
  const modifier = spec.slice(name.length);
  if (name === '') {
    errors.push({ offset, message: 'empty variable name' });
    return undefined;
  }
  if (!VARNAME.test(name)) {
    errors.push({ offset, message: `invalid variable name '${clip(name)}'` });
    return undefined;
  }
  const at = offset + name.length;
  if (modifier === '') return { name, explode: false };
  if (modifier === '*') return { name, explode: true };
  if (modifier.startsWith(':')) {
    const digits = modifier.slice(1);
    if (/^[0-9]*\*$/.test(digits)) {
      errors.push({ offset: at, message: "prefix and explode ('*') modifiers cannot be combined" });
      return undefined;
    }
    if (!MAX_LENGTH.test(digits)) {
      errors.push({ offset: at, message: 'prefix modifier must be 1-9999' });
      return undefined;
    }
    return { name, explode: false, prefix: Number(digits) };
  }
  errors.push({ offset: at, message: `invalid modifier '${clip(modifier)}' on variable '${name}'` });
  return undefined;
}

/** Checks the literal character (or percent-encoded triplet) at `i`; returns the index after it. */
function checkLiteralChar(template: string, i: number, errors: UriTemplateError[]): number {
  const cp = template.codePointAt(i)!;
  const width = cp > 0xffff ? 2 : 1;
  if (cp === 0x25) {
    if (/^%[0-9A-Fa-f]{2}/.test(template.slice(i, i + 3))) return i + 3;
    errors.push({ offset: i, message: `invalid percent-encoding '${clip(template.slice(i, i + 3))}'` });
    return i + 1;
  }
  if (!isLiteralCodePoint(cp)) {
    errors.push({ offset: i, message: invalidCharMessage(template.slice(i, i + width), cp) });
  }
  return i + width;
}

/** RFC 6570 `literals`: printable ASCII minus the excluded set, plus `ucschar` / `iprivate` from RFC 3987. */
function isLiteralCodePoint(cp: number): boolean {
  if (cp < 0x80) return cp > 0x20 && cp !== 0x7f && !EXCLUDED_ASCII.has(String.fromCharCode(cp));
  if (cp >= 0xa0 && cp <= 0xd7ff) return true;
  if (cp >= 0xe000 && cp <= 0xf8ff) return true;
  if (cp >= 0xf900 && cp <= 0xfdcf) return true;
  if (cp >= 0xfdf0 && cp <= 0xffef) return true;
  if (cp >= 0x10000 && cp <= 0x10ffff) return (cp & 0xfffe) !== 0xfffe && !(cp >= 0xe0000 && cp <= 0xe0fff);
  return false;
}

function invalidCharMessage(char: string, cp: number): string {
  const printable = cp > 0x20 && cp < 0x7f;
  const shown = cp === 0x20 ? 'space' : printable ? `'${char}'` : `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  // An unpaired surrogate has no UTF-8 form, so there is no encoding to suggest.
  if (cp >= 0xd800 && cp <= 0xdfff) return `invalid character ${shown} (unpaired surrogate)`;
  const encoded = [...new TextEncoder().encode(char)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`);
  return `invalid character ${shown} outside an expression; percent-encode it as ${encoded.join('')}`;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** The generated server's matcher: an example URI is checked exactly as the server will match it. */
export { uriMatcher } from '../../templates/runtime/uri-match.js';
