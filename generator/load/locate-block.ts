// Positions for issues in a manifest that js-yaml read cleanly, without building the `yaml` document (about
// two thirds of `validate`'s time on a large manifest). It follows block mappings and sequences by indentation
// and gives up (undefined) on anything else: flow collections it must enter, anchors, tags, complex or
// non-string keys, empty values, tabs, document markers. The caller then asks the `yaml` document, so an answer
// from here is always the one the full parser gives (checked against it over every example and fixture).
import type { PathSegment } from '../core/index.js';
import { decodeQuoted, GIVE_UP, locateInFlow, NOT_A_STRING, quotedEnd } from './locate-flow.js';

export interface Position {
  line: number;
  column: number;
}

export type Locate = (path: readonly PathSegment[], at?: 'key' | 'value') => Position | undefined;

/** A node starts at (line, col) and its content continues on lines before `end`. Line and col are 0-based. */
interface Node {
  line: number;
  col: number;
  end: number;
  /** The value sits on its key's line. */
  inline?: boolean;
}

interface Key {
  text: string;
  /** Column where the value starts on the key's line; -1 when the value is on the following lines. */
  valueCol: number;
}

interface Text {
  source: string;
  /** Lines are read from `source` when asked for: finding a top-level key scans every line's indentation only. */
  lines: Lines;
  indents: Indents;
  /** Offset of each line's first character in `source`. */
  starts: number[];
  /** Entries of the mappings and items of the sequences scanned so far. */
  index: Map<string, Map<string, Entry> | Node[]>;
}

export function blockLocator(source: string): Locate {
  let text: Text | undefined | null;
  return (path, at = 'value') => {
    if (text === undefined) text = prepare(source);
    if (text === null) return undefined;
    try {
      return find(text, path, at);
    } catch (err) {
      if (err === GIVE_UP) return undefined;
      throw err;
    }
  };
}

/** The text of line `i` (without its line break), and the number of lines. */
interface Lines {
  length: number;
  at(i: number): string;
}

type Indents = (i: number) => number;

/** Null for texts it never reads: a byte order mark, several documents, directives. */
function prepare(source: string): Text | null {
  if (source.charCodeAt(0) === 0xfeff || /^(?:---|\.\.\.)(?:\s|$)|^%/m.test(source)) return null;
  // Offsets only: splitting a large manifest into line strings cost more than finding what is asked for.
  const starts = [0];
  for (let nl = source.indexOf('\n'); nl !== -1; nl = source.indexOf('\n', nl + 1)) starts.push(nl + 1);
  /** Where line `i` ends, before its `\n` and one `\r`. */
  const endOf = (i: number) => {
    const end = i + 1 < starts.length ? starts[i + 1] - 1 : source.length;
    return end > starts[i] && source.charCodeAt(end - 1) === 13 ? end - 1 : end;
  };
  const texts: (string | undefined)[] = [];
  const lines: Lines = { length: starts.length, at: (i) => (texts[i] ??= source.slice(starts[i], endOf(i))) };
  const known = new Int32Array(starts.length).fill(UNKNOWN);
  const indents: Indents = (i) => {
    if (known[i] === UNKNOWN) known[i] = indentOf(source, starts[i], endOf(i));
    return known[i];
  };
  return { source, lines, indents, starts, index: new Map() };
}

const UNKNOWN = -3;

/**
 * Indentation of the line source[start, end) with content; -1 for blank and comment-only lines, which never start or
 * end a node.
 */
function indentOf(source: string, start: number, end: number): number {
  let i = start;
  while (i < end && source.charCodeAt(i) === 32) i++;
  if (i === end || source.charCodeAt(i) === 35) return -1;
  // Tabs never indent YAML; -2 gives up.
  if (source.charCodeAt(i) === 9) return i === start && /^\t*(#|$)/.test(source.slice(start, end)) ? -1 : -2;
  return i - start;
}

function find(t: Text, path: readonly PathSegment[], at: 'key' | 'value'): Position | undefined {
  const { source, lines, indents, starts } = t;
  const first = nextLine(lines, indents, 0, lines.length);
  if (first === -1 || indents(first) !== 0) return undefined;
  // A root with an anchor, tag or alias, or a block scalar: the parser places it after its properties.
  if ('&!*|>'.includes(lines.at(first)[0])) throw GIVE_UP;
  let node: Node = { line: first, col: 0, end: lines.length };
  for (let i = 0; i < path.length; i++) {
    const last = i === path.length - 1;
    const seg = path[i];
    const text = lines.at(node.line);
    const c = text[node.col];
    if (c === '{' || c === '[') return offsetPosition(starts, locateInFlow(source, starts[node.line] + node.col, path.slice(i), at));
    // A value on its key's line is a scalar here (flow collections, anchors and tags were ruled out).
    if (node.inline) return pos(node);
    if (isDash(text, node.col)) {
      if (typeof seg !== 'number') return pos(node);
      const item = seqItems(t, node)[seg];
      if (item === undefined) return pos(node);
      node = item;
      continue;
    }
    if (parseKey(text, node.col) === undefined) return pos(node); // a scalar
    const found = mapEntries(t, node).get(String(seg));
    if (found === undefined) return pos(node);
    if (last && at === 'key') return { line: found.line + 1, column: node.col + 1 };
    node = valueNode(t, found);
  }
  return pos(node);
}

function offsetPosition(starts: number[], offset: number): Position {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo] + 1 };
}

function pos(node: Node): Position {
  return { line: node.line + 1, column: node.col + 1 };
}

function nextLine(lines: Lines, indents: Indents, from: number, end: number): number {
  for (let i = from; i < end; i++) {
    const indent = indents(i);
    if (indent === -2) throw GIVE_UP;
    if (indent >= 0) return i;
  }
  return -1;
}

interface Entry {
  line: number;
  key: Key;
  /** First line after the entry's value. */
  end: number;
}

/** Every entry of the block mapping whose keys sit at `node.col`, scanned once and kept, so many issues cost one pass. */
function mapEntries(text: Text, node: Node): Map<string, Entry> {
  const id = `m${node.line}:${node.col}`;
  const known = text.index.get(id);
  if (known !== undefined) return known as Map<string, Entry>;
  const { lines, indents } = text;
  const entries = new Map<string, Entry>();
  let previous: Entry | undefined;
  let i = node.line;
  for (; i < node.end; i++) {
    const ind = i === node.line ? node.col : indents(i);
    if (ind === -2) throw GIVE_UP;
    if (ind < 0 || ind > node.col) continue;
    if (ind < node.col) break;
    if (isDash(lines.at(i), ind)) continue; // a compact sequence, value of the previous key
    const key = parseKey(lines.at(i), ind);
    if (key === undefined) throw GIVE_UP;
    if (previous) previous.end = i;
    previous = { line: i, key, end: node.end };
    if (!entries.has(key.text)) entries.set(key.text, previous);
  }
  if (previous) previous.end = i;
  text.index.set(id, entries);
  return entries;
}

/** The items of the block sequence whose dashes sit at `node.col`. */
function seqItems(text: Text, node: Node): Node[] {
  const id = `s${node.line}:${node.col}`;
  const known = text.index.get(id);
  if (known !== undefined) return known as Node[];
  const { lines, indents } = text;
  const starts: number[] = [];
  let i = node.line;
  for (; i < node.end; i++) {
    const ind = i === node.line ? node.col : indents(i);
    if (ind === -2) throw GIVE_UP;
    if (ind < 0 || ind > node.col) continue;
    if (ind < node.col || !isDash(lines.at(i), ind)) break;
    starts.push(i);
  }
  const items = starts.map((line, k) => itemNode(text, line, node.col, k + 1 < starts.length ? starts[k + 1] : i));
  text.index.set(id, items);
  return items;
}

function itemNode({ lines, indents }: Text, line: number, dash: number, end: number): Node {
  const text = lines.at(line);
  let col = dash + 1;
  while (isBlank(text[col])) col++;
  if (col < text.length && text[col] !== '#') {
    if ('&!*|>'.includes(text[col])) throw GIVE_UP;
    return { line, col, end };
  }
  const child = nextLine(lines, indents, line + 1, end);
  if (child === -1) throw GIVE_UP; // an empty item
  return { line: child, col: indents(child), end };
}

function valueNode({ lines, indents }: Text, entry: Entry): Node {
  const { line, key, end } = entry;
  if (key.valueCol >= 0) {
    if ('&!*'.includes(lines.at(line)[key.valueCol])) throw GIVE_UP;
    return { line, col: key.valueCol, end, inline: true };
  }
  const child = nextLine(lines, indents, line + 1, end);
  if (child === -1) throw GIVE_UP; // an empty value: null, placed by the parser
  // An anchor or tag on its own line (`key: # note` then `&name`): the parser places the value after it.
  if ('&!*'.includes(lines.at(child)[indents(child)])) throw GIVE_UP;
  return { line: child, col: indents(child), end };
}

// Separation inside a line may be spaces or tabs (only indentation must be spaces).
function isBlank(c: string | undefined): boolean {
  return c === ' ' || c === '\t';
}

function isDash(line: string, col: number): boolean {
  return line[col] === '-' && (col + 1 === line.length || isBlank(line[col + 1]));
}

/** The key at `col`; undefined when the text there is certainly a scalar, not a key; GIVE_UP when unsure. */
function parseKey(line: string, col: number): Key | undefined {
  const c = line[col];
  let text: string;
  let after: number;
  if (c === '"' || c === "'") {
    after = quotedEnd(line, col);
    if (!isKeyEnd(line, after)) return undefined;
    text = decodeQuoted(line.slice(col, after));
  } else {
    if ('[]{}#&*!|>%@`?,\'"'.includes(c)) throw GIVE_UP;
    const colon = plainKeyEnd(line, col);
    if (colon === -1) return undefined;
    text = line.slice(col, colon).replace(/[ \t]+$/, '');
    if (NOT_A_STRING.test(text) || text.includes(' #')) throw GIVE_UP;
    after = colon;
  }
  while (isBlank(line[after])) after++;
  let v = after + 1;
  while (isBlank(line[v])) v++;
  return { text, valueCol: v < line.length && line[v] !== '#' ? v : -1 };
}

function isKeyEnd(line: string, from: number): boolean {
  let i = from;
  while (isBlank(line[i])) i++;
  return line[i] === ':' && (i + 1 === line.length || isBlank(line[i + 1]));
}

/** Where a plain key ends (its `: `); -1 when the line has none, so the text is a scalar. */
function plainKeyEnd(line: string, col: number): number {
  for (let i = col; i < line.length; i++) {
    if (line[i] === ':' && (i + 1 === line.length || isBlank(line[i + 1]))) return i;
    // A comment ends the line; what looks like a key after it is not one.
    if (line[i] === '#' && isBlank(line[i - 1])) return -1;
  }
  return -1;
}
