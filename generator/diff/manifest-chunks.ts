// Splits manifest text into its top-level sections and, inside block-style sections, their entries, by
// indentation alone. Two versions of a manifest share most of their text, so `diff` only needs to parse the
// chunks that differ. Anything this line-based view cannot vouch for (anchors and aliases, quoted or duplicate
// keys, tabs, document markers, CR line ends) makes it give up, and the caller parses the whole text instead.

export interface Chunk {
  key: string;
  text: string;
  /** 1-based line and column of the key. */
  line: number;
  column: number;
  /** Entries of a block-style section, by key; undefined for flow-style or scalar sections. */
  entries?: Map<string, Chunk>;
}

const TOP_KEY = /^([A-Za-z_$][\w$.-]*):(?:[ ]|$)/;
const BLOCK_OPENER = /^[^:]+:[ ]*(#.*)?$/;
const UNSAFE = /(^|[\s[{,])[&*!][^\s,\]}]|<<:|\r|^\t|^(---|\.\.\.|%)/m;

function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && line.charCodeAt(i) === 32) i++;
  return i;
}

/** Blank lines and comment lines carry no data. */
function isFiller(line: string): boolean {
  const i = indentOf(line);
  return i === line.length || line[i] === '#';
}

/** The last few splits: a diff splits each side more than once (to reuse data, then to locate changes). */
const recent: { source: string; sections: Map<string, Chunk> | undefined }[] = [];

export function splitManifest(source: string): Map<string, Chunk> | undefined {
  const hit = recent.find((r) => r.source === source);
  if (hit) return hit.sections;
  const sections = split(source);
  recent.unshift({ source, sections });
  recent.length = Math.min(recent.length, 4);
  return sections;
}

function split(source: string): Map<string, Chunk> | undefined {
  if (UNSAFE.test(source)) return undefined;
  const lines = source.split('\n');
  // Offsets of line starts, so a chunk's text is one slice of the source.
  const offsets = new Array<number>(lines.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < lines.length; i++) offsets[i + 1] = offsets[i] + lines[i].length + 1;
  const text = (from: number, to: number) => source.slice(offsets[from], Math.max(offsets[from], offsets[to] - 1));
  const starts: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (isFiller(line) || indentOf(line) > 0) continue;
    if (!TOP_KEY.test(line)) return undefined;
    starts.push(i);
  }
  if (starts.length === 0) return undefined;
  const sections = new Map<string, Chunk>();
  for (let s = 0; s < starts.length; s++) {
    const from = starts[s];
    const to = s + 1 < starts.length ? starts[s + 1] : lines.length;
    const key = TOP_KEY.exec(lines[from])![1];
    if (sections.has(key)) return undefined;
    const chunk: Chunk = { key, text: text(from, to), line: from + 1, column: 1 };
    if (BLOCK_OPENER.test(lines[from])) {
      const entries = splitEntries(lines, from + 1, to, text);
      if (entries === null) return undefined;
      chunk.entries = entries;
    }
    sections.set(key, chunk);
  }
  return sections;
}

/** Entries of one block section: every line at the entries' indentation must open a plain `key:`. */
function splitEntries(
  lines: string[],
  from: number,
  to: number,
  text: (from: number, to: number) => string,
): Map<string, Chunk> | undefined | null {
  let first = from;
  while (first < to && isFiller(lines[first])) first++;
  if (first === to) return undefined;
  const indent = indentOf(lines[first]);
  const keyAt = new RegExp(`^ {${indent}}([A-Za-z0-9_$][\\w$.-]*):(?:[ ]|$)`);
  // A section holding a list or a scalar is one opaque chunk.
  if (!keyAt.test(lines[first])) return undefined;
  const starts: number[] = [];
  for (let i = first; i < to; i++) {
    const line = lines[i];
    if (isFiller(line) || indentOf(line) > indent) continue;
    if (indentOf(line) < indent || !keyAt.test(line)) return null;
    starts.push(i);
  }
  const entries = new Map<string, Chunk>();
  for (let e = 0; e < starts.length; e++) {
    const start = starts[e];
    const end = e + 1 < starts.length ? starts[e + 1] : to;
    const key = keyAt.exec(lines[start])![1];
    if (entries.has(key)) return null;
    entries.set(key, { key, text: text(start, end), line: start + 1, column: indent + 1 });
  }
  return entries;
}
