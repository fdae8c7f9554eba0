// Positions inside a flow collection (`{type: string, enum: [a, b]}`), for the block locator: manifests write
// small schemas this way. Only plain and quoted scalars, maps and sequences; anything else (comments, anchors,
// tags, aliases, empty values, implicit or complex keys) gives up, and the caller asks the `yaml` document.
import type { PathSegment } from '../core/index.js';

export const GIVE_UP = Symbol('give up');

type FlowNode =
  | { kind: 'map'; start: number; entries: { key: string; keyStart: number; value: FlowNode }[] }
  | { kind: 'seq'; start: number; items: FlowNode[] }
  | { kind: 'scalar'; start: number };

const MAX_DEPTH = 100;
// Plain keys that the core schema reads as something other than the same string (numbers, booleans, null).
export const NOT_A_STRING = /^(?:[-+.0-9~]|(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$)/;

/** Just past the quoted scalar that opens at `start` (either quote); GIVE_UP when it never closes. */
export function quotedEnd(s: string, start: number): number {
  const q = s[start];
  for (let i = start + 1; i < s.length; i++) {
    if (q === '"' && s[i] === '\\') i++;
    else if (s[i] === q) {
      if (q === "'" && s[i + 1] === "'") i++;
      else return i + 1;
    }
  }
  throw GIVE_UP;
}

/** The text of a quoted key; GIVE_UP for a YAML-only escape or a line break inside it. */
export function decodeQuoted(raw: string): string {
  if (raw.includes('\n')) throw GIVE_UP;
  if (raw[0] === "'") return raw.slice(1, -1).replace(/''/g, "'");
  try {
    return JSON.parse(raw) as string;
  } catch {
    throw GIVE_UP;
  }
}

/** The source offset that `path` leads to from the flow collection at `offset`; throws GIVE_UP when unsure. */
export function locateInFlow(source: string, offset: number, path: readonly PathSegment[], at: 'key' | 'value'): number {
  let node = new FlowParser(source, offset).value(0);
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (node.kind === 'map') {
      const entry = node.entries.find((e) => e.key === String(seg));
      if (entry === undefined) return node.start;
      if (i === path.length - 1 && at === 'key') return entry.keyStart;
      node = entry.value;
    } else if (node.kind === 'seq' && typeof seg === 'number') {
      const item = node.items[seg];
      if (item === undefined) return node.start;
      node = item;
    } else {
      return node.start;
    }
  }
  return node.start;
}

class FlowParser {
  constructor(
    private readonly s: string,
    private i: number,
  ) {}

  value(depth: number): FlowNode {
    if (depth > MAX_DEPTH) throw GIVE_UP;
    this.space();
    const start = this.i;
    const c = this.s[start];
    if (c === '{') return this.map(depth);
    if (c === '[') return this.seq(depth);
    if (c === '"' || c === "'") {
      this.i = quotedEnd(this.s, start);
      return { kind: 'scalar', start };
    }
    if (c === undefined || ',]}&!*?|>%@`#'.includes(c)) throw GIVE_UP;
    this.plain();
    return { kind: 'scalar', start };
  }

  private map(depth: number): FlowNode {
    const start = this.i++;
    const entries: { key: string; keyStart: number; value: FlowNode }[] = [];
    for (;;) {
      this.space();
      if (this.s[this.i] === '}') break;
      const keyStart = this.i;
      const key = this.key();
      this.space();
      if (this.s[this.i] !== ':') throw GIVE_UP; // a key without a value
      this.i++;
      this.space();
      if (this.s[this.i] === ',' || this.s[this.i] === '}') throw GIVE_UP;
      entries.push({ key, keyStart, value: this.value(depth + 1) });
      if (!this.separator('}')) break;
    }
    this.i++;
    return { kind: 'map', start, entries };
  }

  private seq(depth: number): FlowNode {
    const start = this.i++;
    const items: FlowNode[] = [];
    for (;;) {
      this.space();
      if (this.s[this.i] === ']') break;
      items.push(this.value(depth + 1));
      this.space();
      if (this.s[this.i] === ':') throw GIVE_UP; // a single-pair map inside a sequence
      if (!this.separator(']')) break;
    }
    this.i++;
    return { kind: 'seq', start, items };
  }

  /** After an entry: true at `,` (more may follow), false at the closing bracket. */
  private separator(close: string): boolean {
    this.space();
    const c = this.s[this.i];
    if (c === ',') {
      this.i++;
      return true;
    }
    if (c === close) return false;
    throw GIVE_UP;
  }

  private key(): string {
    const start = this.i;
    const c = this.s[start];
    if (c === '"' || c === "'") {
      this.i = quotedEnd(this.s, start);
      return decodeQuoted(this.s.slice(start, this.i));
    }
    if (c === undefined || '{[,]}&!*?|>%@`#-'.includes(c)) throw GIVE_UP;
    this.plain();
    const text = this.s.slice(start, this.i).trimEnd();
    if (text.includes('\n') || NOT_A_STRING.test(text)) throw GIVE_UP;
    return text;
  }

  /** A plain scalar ends at a flow indicator, at `: ` (or `:` before an indicator) and before a comment. */
  private plain(): void {
    for (; this.i < this.s.length; this.i++) {
      const c = this.s[this.i];
      if (',[]{}'.includes(c)) return;
      if (c === ':' && /[\s,[\]{}]/.test(this.s[this.i + 1] ?? ' ')) return;
      if (c === '#' && /\s/.test(this.s[this.i - 1])) throw GIVE_UP;
    }
    throw GIVE_UP;
  }

  private space(): void {
    while (/[ \t\r\n]/.test(this.s[this.i] ?? '')) this.i++;
    if (this.s[this.i] === '#') throw GIVE_UP;
  }
}
