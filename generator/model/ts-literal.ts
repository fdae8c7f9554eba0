// JSON data as TypeScript source already in the generated code's style (what Biome's formatter prints at 120 columns,
// single quotes, trailing commas), so megabytes of published definitions need not be parsed by Biome on every run.
// Only the rules these literals meet are reproduced; where another rule could apply (non-ASCII text near the line
// limit, keys too long for their opening brace, a number array filling lines), the printer gives up and the caller
// leaves the file to Biome. test/generator/model/ts-literal.test.ts runs Biome over printed files to prove the rest.
import { showHidden } from '../core/index.js';

/** Text placed as is, such as an identifier. */
export class RawCode {
  constructor(readonly text: string) {}
}

const WIDTH = 120;
/** Biome keeps a property on one line when its key is shorter than this (the indent width plus 3). */
const SHORT_KEY = 5;

class Inexact extends Error {}

/**
 * `lead` + `value` + `trail` as Biome formats that statement at column 0 (`lead` is one line, such as
 * `export const x: T = `), or undefined when a rule the printer does not reproduce could apply.
 */
export function formattedStatement(lead: string, value: unknown, trail = ';'): string | undefined {
  try {
    return `${lead}${print(value, lead.length, 0, trail)}${trail}`;
  } catch (err) {
    if (err instanceof Inexact) return undefined;
    throw err;
  }
}

const flatCache = new WeakMap<object, string>();

/** The one-line form. */
function flat(value: unknown): string {
  if (value instanceof RawCode) return value.text;
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return atom(value);
  let text = flatCache.get(value);
  if (text !== undefined) return text;
  if (Array.isArray(value)) text = value.length ? `[${value.map(flat).join(', ')}]` : '[]';
  else {
    const entries = members(value);
    text = entries.length ? `{ ${entries.map(([k, v]) => `${key(k)}: ${flat(v)}`).join(', ')} }` : '{}';
  }
  flatCache.set(value, text);
  return text;
}

function members(value: object): [string, unknown][] {
  return Object.entries(value).filter(([, v]) => v !== undefined);
}

function atom(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  // JSON's exponent sign is dropped by Biome (1e+21 -> 1e21); non-finite numbers are null, as in JSON.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('e+', 'e') : 'null';
  return JSON.stringify(value) ?? 'undefined';
}

/** Biome's choice: single quotes unless the text holds more single than double quotes. */
export function quote(s: string): string {
  const json = showHidden(JSON.stringify(s));
  let singles = 0;
  let doubles = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 39) singles++;
    else if (c === 34) doubles++;
  }
  if (singles > doubles) return json;
  if (singles === 0 && doubles === 0) return `'${json.slice(1, -1)}'`;
  return `'${json.slice(1, -1).replace(/\\(.)|'/gs, (m, escaped: string | undefined) => (escaped === undefined ? "\\'" : escaped === '"' ? '"' : m))}'`;
}

const NON_ASCII = /[^\x00-\x7e]/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function key(k: string): string {
  // In an object literal a `__proto__` key would set the prototype: it is written as a computed key.
  if (k === '__proto__') return `['__proto__']`;
  if (IDENTIFIER.test(k)) return k;
  // Biome also unquotes keys that are non-ASCII identifiers; which ones is not reproduced here.
  if (/[^\x20-\x7e]/.test(k)) throw new Inexact();
  return quote(k);
}

/**
 * Whether `text` placed at `column` and followed by `after` ends within the line limit. Biome counts columns by
 * Unicode width (wide CJK and emoji as 2, combining marks as 0); outside ASCII and the Latin, Greek and Cyrillic
 * letters a character may count 0, 1 or 2, and a decision that depends on it is not taken.
 */
function fits(column: number, text: string, after: string): boolean {
  const room = WIDTH - column - after.length;
  if (text.length <= room && !NON_ASCII.test(text)) return true;
  let sure = 0;
  let unsure = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (
      code < 0x7f ||
      (code >= 0xa0 && code <= 0x2ff && code !== 0xad) ||
      (code >= 0x370 && code <= 0x482) ||
      (code >= 0x48a && code <= 0x52f)
    ) {
      // Past the limit on one-column characters alone: no other character makes it shorter.
      if (++sure > room) return false;
    } else {
      unsure++;
      if (code >= 0xd800 && code <= 0xdbff) i++;
    }
  }
  if (unsure > 0 && sure + 2 * unsure > room) throw new Inexact();
  return true;
}

/** Whether the one-line text of `value` has at most `room` one-column characters (others may count 0 to 2). */
function narrowerThan(value: unknown, room: number): boolean {
  let left = room;
  const visit = (v: unknown): boolean => {
    if (v === null || typeof v !== 'object' || v instanceof RawCode) {
      const text = flat(v);
      for (let i = 0; i < text.length && left >= 0; i++) if (text.charCodeAt(i) < 0x7f) left--;
      return left >= 0;
    }
    if (Array.isArray(v)) {
      left -= 2 * v.length;
      return left >= 0 && v.every(visit);
    }
    const entries = members(v);
    left -= 4 * entries.length;
    return left >= 0 && entries.every(([k, item]) => (left -= key(k).length) >= 0 && visit(item));
  };
  return visit(value);
}

const breaksCache = new WeakMap<object, boolean>();

/**
 * Biome breaks an array whose elements are all objects with several members, or all arrays with several elements,
 * and with it every object and array around it.
 */
function alwaysBreaks(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || value instanceof RawCode) return false;
  let breaks = breaksCache.get(value);
  if (breaks !== undefined) return breaks;
  if (Array.isArray(value)) {
    const objects = value.every((v) => isRecord(v) && members(v).length > 1);
    const arrays = value.every((v) => Array.isArray(v) && v.length > 1);
    breaks = (value.length > 1 && (objects || arrays)) || value.some(alwaysBreaks);
  } else breaks = members(value).some(([, v]) => alwaysBreaks(v));
  breaksCache.set(value, breaks);
  return breaks;
}

function isRecord(v: unknown): v is object {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof RawCode);
}

/** `value` starting at `column`, inside a block indented by `indent`, followed on its line by `after`. */
function print(value: unknown, column: number, indent: number, after: string): string {
  if (value === null || typeof value !== 'object' || value instanceof RawCode) {
    const one = flat(value);
    // A statement whose value is one long string or number would move it to the next line; not reproduced.
    if (indent === 0 && !fits(column, one, after)) throw new Inexact();
    return one;
  }
  const empty = Array.isArray(value) ? value.length === 0 : members(value).length === 0;
  if (empty) return Array.isArray(value) ? '[]' : '{}';
  // Most objects are far wider than a line: their one-line text is built only when it may fit.
  const room = WIDTH - column - after.length;
  if (!alwaysBreaks(value) && narrowerThan(value, room)) {
    const one = flat(value);
    if (fits(column, one, after)) return one;
  }
  // The opening bracket itself must fit: past the limit Biome would move the value to the next line.
  if (column + 1 > WIDTH) throw new Inexact();
  const inner = ' '.repeat(indent + 2);
  if (Array.isArray(value)) {
    // Biome fills lines with numbers; not reproduced.
    if (value.length > 1 && value.every((v) => typeof v === 'number')) throw new Inexact();
    const items = value.map((v) => `${inner}${print(v, indent + 2, indent + 2, ',')},`);
    return `[\n${items.join('\n')}\n${' '.repeat(indent)}]`;
  }
  const lines = members(value).map(([k, v]) => {
    const head = `${key(k)}:`;
    const column = indent + 2 + head.length + 1;
    const text = flat(v);
    // A string, null or negative number that does not fit moves to the next line, unless its key is short.
    if (
      (typeof v === 'string' || v === null || (typeof v === 'number' && text.startsWith('-'))) &&
      head.length - 1 >= SHORT_KEY &&
      !fits(column, text, ',')
    ) {
      return `${inner}${head}\n${inner}  ${text},`;
    }
    return `${inner}${head} ${print(v, column, indent + 2, ',')},`;
  });
  return `{\n${lines.join('\n')}\n${' '.repeat(indent)}}`;
}
