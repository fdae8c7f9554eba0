// Matching of resource template URIs, for the forms `mcp-gen validate` accepts (docs/manifest.md, "Resource
// templates"): {var}, {+var}, {#var}, {.var}, {/var}, {?a,b}, {&a,b}, each optionally exploded (*), one variable per
// expression outside queries. Values come back percent-decoded, lists for exploded variables, query variables when
// present and in any order. Imports nothing: the server (uri-template.gen.ts) and mcp-gen's own check of example URIs
// use the same code.

/** A variable's value: a list for an exploded variable. */
export type UriVariables = Record<string, string | string[]>;

/**
 * Longer URIs match nothing. For the forms validate accepts, a value stops at the character that follows it and only
 * the last expression may hold '/', so matching takes time in proportion to the URI; the cap bounds it all the same
 * (the SDK's own matcher takes URIs up to 1,000,000 characters, and backtracks on ones like `{a}-{b}-{c}`).
 */
export const MAX_TEMPLATE_URI_LENGTH = 8192;

interface Capture {
  name: string;
  operator: string;
  explode: boolean;
}

interface Query {
  /** The query parameters the expression names, and whether each is exploded. */
  names: Map<string, boolean>;
}

export interface UriMatcher {
  /** The template's variables in `uri`, or null when the template cannot produce it. */
  match(uri: string): UriVariables | null;
}

export function uriMatcher(template: string): UriMatcher {
  const { source, captures } = compile(template);
  const pattern = new RegExp(`^${source}$`, 's');
  return {
    match(uri) {
      if (uri.length > MAX_TEMPLATE_URI_LENGTH) return null;
      const found = pattern.exec(uri);
      if (!found) return null;
      const variables: UriVariables = {};
      for (const [i, capture] of captures.entries()) {
        const text = found[i + 1];
        const ok = 'names' in capture ? readQuery(text, capture, variables) : readValue(text, capture, variables);
        if (!ok) return null;
      }
      return variables;
    },
  };
}

/**
 * Each operator's lead-in, the characters of one value (a class left open for more exclusions) and the list separator.
 */
const VALUE: Record<string, { prefix: string; chars: string; separator: string }> = {
  // A raw ',' ends a simple value, as in the SDK: the expansion of a value encodes its own commas.
  '': { prefix: '', chars: '[^/?#,', separator: ',' },
  '+': { prefix: '', chars: '', separator: ',' },
  '#': { prefix: '#', chars: '', separator: ',' },
  '.': { prefix: '\\.', chars: '[^/?#', separator: '.' },
  '/': { prefix: '/', chars: '[^/?#', separator: '/' },
};

/** What an expression starting right after another one opens with; '' and '+' open with the value itself. */
const LEAD: Record<string, string> = { '.': '.', '/': '/', '#': '#', '?': '?', '&': '&' };

function compile(template: string): { source: string; captures: (Capture | Query)[] } {
  const captures: (Capture | Query)[] = [];
  // Literals at even indexes, expressions at odd ones.
  const pieces = template.split(/(\{[^}]*\})/);
  const operatorOf = (piece: string) => ('+#./?&'.includes(piece[1]) ? piece[1] : '');
  let source = '';
  pieces.forEach((piece, i) => {
    if (i % 2 === 0) {
      source += escapeRegExp(piece);
      return;
    }
    const operator = operatorOf(piece);
    const specs = piece
      .slice(1 + operator.length, -1)
      .split(',')
      .map((s) => ({ name: s.replace(/\*$/, ''), explode: s.endsWith('*') }));
    if (specs.some((s) => !/^[\w.%]+$/.test(s.name))) unsupported(template, piece);
    if (operator === '?' || operator === '&') {
      captures.push({ names: new Map(specs.map((s) => [s.name, s.explode])) });
      source += `(?:\\${operator}([^#]*))?`;
      return;
    }
    if (specs.length !== 1) unsupported(template, piece);
    const { name, explode } = specs[0];
    captures.push({ name, operator, explode });
    // A value stops at the first character of what follows it (the '-' of `{year}-{month}`, the '.' of `{name}{.ext}`):
    // matching then never has to try every split, whose count grows with the URI. {+var} may hold anything, so
    // validate allows one; it stops only at a query or fragment expression.
    let chars: string;
    if (operator === '+' || operator === '#')
      chars = /\{[?&#]/.test(pieces.slice(i + 1).join('')) ? '[^?#]' : '[\\s\\S]';
    else {
      const next = pieces[i + 1] !== '' ? pieces[i + 1] : pieces[i + 2] ? (LEAD[operatorOf(pieces[i + 2])] ?? '') : '';
      chars = `${VALUE[operator].chars}${next !== '' && next[0] !== '%' ? escapeClass(next[0]) : ''}]`;
    }
    if (operator === '/' && explode) source += `((?:/${chars}*)*)`;
    else if (operator === '' && explode) source += `(${chars.replace(',', '')}+)`;
    else source += `${VALUE[operator].prefix}(${chars}+)`;
  });
  return { source, captures };
}

function readValue(text: string, capture: Capture, into: UriVariables): boolean {
  if (!capture.explode) {
    const value = decode(text);
    if (value === undefined) return false;
    set(into, capture.name, value);
    return true;
  }
  const separator = VALUE[capture.operator].separator;
  const raw = capture.operator === '/' ? text.split('/').slice(1) : text.split(separator);
  const values = raw.map(decode);
  if (values.some((v) => v === undefined)) return false;
  set(into, capture.name, values as string[]);
  return true;
}

/** `a=1&b=2`: every key one of the expression's, each non-exploded key once; exploded keys collect lists. */
function readQuery(text: string | undefined, query: Query, into: UriVariables): boolean {
  if (text === undefined || text === '') return true;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    const explode = query.names.get(key);
    if (explode === undefined) return false;
    const raw = eq < 0 ? '' : pair.slice(eq + 1);
    if (!explode) {
      const value = decode(raw);
      if (value === undefined || Object.hasOwn(into, key)) return false;
      set(into, key, value);
      continue;
    }
    // RFC 6570 repeats the key (tags=a&tags=b); the SDK's expand() joins with commas (tags=a,b). Both arrive here.
    const values = raw.split(',').map(decode);
    if (values.some((v) => v === undefined)) return false;
    const list = Object.hasOwn(into, key) ? (into[key] as string[]) : [];
    set(into, key, [...list, ...(values as string[])]);
  }
  return true;
}

/** An own property even for a variable named `__proto__`. */
function set(into: UriVariables, name: string, value: string | string[]): void {
  Object.defineProperty(into, name, { value, enumerable: true, writable: true, configurable: true });
}

/** Percent-decoded text, or undefined when it holds a malformed escape (then the URI matches nothing). */
function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function escapeClass(char: string): string {
  return /[\\\]^-]/.test(char) ? `\\${char}` : char;
}

function unsupported(template: string, expression: string): never {
  throw new Error(
    `uriTemplate ${JSON.stringify(template)}: ${expression} cannot be matched (mcp-gen validate explains why)`,
  );
}
