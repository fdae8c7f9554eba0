import { createRequire } from 'node:module';
import jsyaml from 'js-yaml';
import type * as Yaml from 'yaml';
import type { Document, Node } from 'yaml';
import type { Issue } from '../core/index.js';
import { FOREIGN_TAG, mayBeMisread, misreadText } from './misread-text.js';
import { blockLocator } from './locate-block.js';
import { syntaxHint } from './syntax-hints.js';
import { readManifestText } from './manifest-text.js';
import type { Manifest } from '../core/index.js';

export type { PathSegment } from '../core/index.js';
import { formatPath, type PathSegment } from '../core/index.js';

export interface LoadedManifest {
  file: string;
  source: string;
  /** The parsed manifest; undefined when YAML syntax errors leave nothing usable. */
  data: Manifest | undefined;
  issues: Issue[];
  /** Maps a manifest path to a 1-based line and column, for issues found by later stages. */
  locate(path: readonly PathSegment[], at?: 'key' | 'value'): { line: number; column: number };
  /** Where a scalar's text starts and whether its characters map one-to-one to the source (plain or quoted, one line). */
  scalarStart(path: readonly PathSegment[]): { line: number; column: number; exact: boolean } | undefined;
}

export function readManifest(file: string): LoadedManifest {
  const read = readManifestText(file);
  if (!read.ok) return failed(file, '', { code: 'manifest/unreadable', message: read.message, hint: read.hint });
  return loadManifest(file, read.source);
}

/**
 * js-yaml reads a clean manifest about four times faster than the position-keeping `yaml` parser, so it reads the
 * data; the `yaml` document (positions, precise syntax errors) is built only when something must be reported or
 * when the text is anything but plain: a js-yaml error (syntax, duplicate keys, unknown tags), text that may read
 * other than meant (a null member, a `#` touching text: see misread-text.ts), aliases, which the
 * `yaml` parser bounds against alias bombs, or text where the two parsers have been seen to read different values
 * (see parsersMayDiffer). Elsewhere both read YAML 1.2 core the same way (test/generator/load/yaml-parsers.test.ts).
 */
export function loadManifest(file: string, source: string): LoadedManifest {
  if (!ALIAS.test(source) && !parsersMayDiffer(source)) {
    let data: unknown;
    try {
      // An empty document is null, as the `yaml` parser reads it.
      data = jsyaml.load(source, { schema: jsyaml.CORE_SCHEMA }) ?? null;
    } catch {
      return loadWithPositions(file, source);
    }
    if (mayBeMisread(source, data)) return loadWithPositions(file, source);
    let full: LoadedManifest | undefined;
    const positions = () => (full ??= loadWithPositions(file, source));
    const block = blockLocator(source);
    return {
      file,
      source,
      data: data as Manifest | undefined,
      issues: [],
      locate: (path, at) => block(path, at) ?? positions().locate(path, at),
      scalarStart: (path) => positions().scalarStart(path),
    };
  }
  return loadWithPositions(file, source);
}

// An alias (`*name`) where a node can start: after indentation, `- `, `: `, `[`, `{` or `,`.
const ALIAS = /(?:^|[\s[{,:-])\*[^\s,[\]{}]/m;

// Where js-yaml and `yaml` read the same text differently (found by test/generator/load/yaml-parsers.test.ts), the
// text is read by `yaml` alone, as if it had an issue to report. Each case needs one of these marks:
// - quoted scalars spanning lines: js-yaml keeps spaces and tabs before a folded line break (the spec drops them),
//   folds a CR that is not part of CRLF (`yaml` keeps it), and joins escaped line breaks around an empty line
//   differently: a line ending in a space, a tab or a backslash, or a lone CR;
// - numbers: js-yaml reads YAML 1.1 forms (`1_000`, `._5`, `0b101`, `-0x1F`) that are strings in YAML 1.2 core,
//   `+.5` as a string, and the integer `-0` as 0 (names such as `step_1` do not start like a number);
// - keys that are not strings, which each turns into a string its own way: a null key (`~:`, `null:`, empty), an
//   explicit key (`? `) and a flow collection as a key (`[a]:`, `{a: 1}:`);
// - tags: an empty node tagged `!` is null to js-yaml and "" to `yaml`.
const DIVERGENT = new RegExp(
  [
    /[ \t\\]\r?\n|\r(?!\n)/.source,
    // A plain token that starts like a number: with an underscore, binary, signed hex or octal, `+.5`, `-0`.
    /(?:^|[\s[{,])(?:[-+.\d][-+.\w]*_[-+.\w]*|[-+]?0b[01]|[-+]0[xo]|[-+]\.\d|-0+(?=$|[\s,\]}#]))/.source,
    /(?:^[ \t-]*|[{,[][ \t]*)(?:(?:~|null|Null|NULL)?[ \t]*:|\?)(?:[ \t]|$)|[\]}][ \t]*:(?:[ \t]|$)/.source,
    /(?:^|[\s[{,])!/.source,
  ].join('|'),
  'm',
);

/** Whether js-yaml could read this text differently from the `yaml` parser (then the latter reads it). */
export function parsersMayDiffer(source: string): boolean {
  return DIVERGENT.test(source);
}

// The `yaml` package (dozens of modules) is loaded when a document is first built: a clean manifest read by js-yaml,
// whose issues the block locator places, never needs it. It is CommonJS for Node, so require() is the same instance
// an import of it gives.
let yamlModule: typeof Yaml | undefined;
function yaml(): typeof Yaml {
  return (yamlModule ??= createRequire(import.meta.url)('yaml') as typeof Yaml);
}

/** Reads with the position-keeping parser only; the reference for every position the fast path gives. */
export function loadWithPositions(file: string, source: string): LoadedManifest {
  const { isScalar, LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, uniqueKeys: true, prettyErrors: false, strict: true });
  const position = (offset: number) => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  const issues: Issue[] = [];
  for (const e of firstCauses(doc.errors)) {
    const offset = errorOffset(source, e.code, e.message, e.pos[0]);
    const { line, column } = position(offset);
    const duplicate = e.code === 'DUPLICATE_KEY';
    issues.push({
      code: duplicate ? 'yaml/duplicate-key' : 'yaml/syntax',
      severity: 'error',
      path: duplicate ? keyPathAt(doc, offset) : '',
      message: duplicate
        ? 'duplicate key: each name may appear once in its map'
        : // The parser's own words name its API.
          `YAML syntax: ${e.code === 'MULTIPLE_DOCS' ? 'a second document starts here' : firstLine(e.message)}`,
      hint: duplicate
        ? 'rename or merge the second entry'
        : (syntaxHint(source, e.code, e.message, offset) ?? 'check the indentation and quoting here'),
      line,
      column,
    });
  }
  let data: Manifest | undefined;
  if (!issues.some((i) => i.code === 'yaml/syntax')) {
    issues.push(...misreadText(doc, yaml(), source, position));
    // What a foreign tag made of a value is not what was written: nothing is validated until the tag goes.
    if (!issues.some((i) => i.code === FOREIGN_TAG)) data = toData(doc, source, issues, position);
  }
  return {
    file,
    source,
    data,
    issues,
    locate: (path, at = 'value') => {
      const range = findRange(doc, path, at);
      return range === undefined ? { line: 1, column: 1 } : position(range);
    },
    scalarStart: (path) => {
      const node = doc.getIn(path as PathSegment[], true) as Node | undefined;
      if (!node || !isScalar(node) || !node.range) return undefined;
      const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
      const raw = source.slice(node.range[0], node.range[1]);
      const exact =
        (node.type === 'PLAIN' || quoted) &&
        !raw.includes('\n') &&
        !(node.type === 'QUOTE_DOUBLE' && raw.includes('\\')) &&
        !(node.type === 'QUOTE_SINGLE' && raw.includes("''"));
      return { ...position(node.range[0] + (quoted ? 1 : 0)), exact };
    },
  };
}

/** The document's data; an alias that resolves nowhere, or too often (an alias bomb), becomes an issue instead. */
function toData(doc: Document, source: string, issues: Issue[], position: Position): Manifest | undefined {
  try {
    return doc.toJS({ maxAliasCount: 100 }) as Manifest;
  } catch (err) {
    // Unresolved aliases and alias bombs only surface when the document is converted.
    const alias = /Unresolved alias[^:]*: (\S+)/.exec((err as Error).message);
    const at = alias ? source.indexOf(`*${alias[1]}`) : -1;
    issues.push({
      code: 'yaml/syntax',
      severity: 'error',
      path: '',
      message: `YAML syntax: ${firstLine((err as Error).message)}`,
      hint: 'define each anchor (&name) before its aliases (*name), and keep aliases few',
      ...position(Math.max(0, at)),
    });
    return undefined;
  }
}

type Position = (offset: number) => { line: number; column: number };

function failed(file: string, source: string, issue: Omit<Issue, 'severity' | 'path' | 'line' | 'column'>): LoadedManifest {
  return {
    file,
    source,
    data: undefined,
    issues: [{ ...issue, severity: 'error', path: '', line: 0, column: 0 }],
    locate: () => ({ line: 0, column: 0 }),
    scalarStart: () => undefined,
  };
}

/** The path of the key that starts at `offset` (a duplicate key: which entry it is), as issues print it. */
function keyPathAt(doc: Document, offset: number): string {
  const { isMap, isPair, isScalar, isSeq } = yaml();
  const path: PathSegment[] = [];
  let node: unknown = doc.contents;
  const within = (n: unknown) => {
    const range = (n as Node | null)?.range;
    return range != null && range[0] <= offset && offset < range[2];
  };
  while (isMap(node) || isSeq(node)) {
    let next: unknown;
    for (const [i, item] of node.items.entries()) {
      if (isPair(item)) {
        const key = item.key as Node | null;
        if (key?.range?.[0] === offset) return formatPath([...path, isScalar(key) ? String(key.value) : i]);
        if (within(item.value)) {
          path.push(isScalar(key) ? String(key.value) : i);
          next = item.value;
          break;
        }
      } else if (within(item)) {
        path.push(i);
        next = item;
        break;
      }
    }
    if (next === undefined) break;
    node = next;
  }
  return '';
}

/** Walks the YAML tree along `path`; when the path runs out of the document, the deepest node found still gives a useful position. */
function findRange(doc: Document, path: readonly PathSegment[], at: 'key' | 'value'): number | undefined {
  const { isMap, isPair, isScalar, isSeq } = yaml();
  let node: unknown = doc.contents;
  let best: number | undefined = (node as Node | null)?.range?.[0];
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) return best;
      const key = pair.key as Node;
      if (last && at === 'key') return key.range?.[0] ?? best;
      node = pair.value;
      best = (node as Node | null)?.range?.[0] ?? key.range?.[0] ?? best;
    } else if (isSeq(node) && typeof seg === 'number') {
      node = node.items[seg];
      if (node === undefined) return best;
      best = (node as Node).range?.[0] ?? best;
    } else {
      return best;
    }
  }
  return best;
}

/**
 * Where an error needs fixing, from where the parser noticed it: an unterminated string or flow collection is reported
 * where the text ends or the next line starts, but its opening quote or bracket is what to fix; a misaligned key is
 * reported at its line's indentation, but the key is where it starts.
 */
function errorOffset(source: string, code: string, message: string, offset: number): number {
  const quote = /Missing closing (["'])quote/.exec(message);
  const flow = /^Flow (sequence|map) /.exec(message);
  const opener = code === 'MISSING_CHAR' && quote ? quote[1] : flow ? (flow[1] === 'map' ? '{' : '[') : '';
  if (opener) {
    const open = source.lastIndexOf(opener, offset - 1);
    if (open >= 0) return open;
  }
  if (code === 'BAD_INDENT') while (source[offset] === ' ') offset++;
  return offset;
}

/**
 * The parser's errors that say what is wrong. After a tab used as indentation, the parser misreads every line below
 * it, and each misreading is an error of its own (one tab made eight): only the tabs are reported. A key that runs on
 * over several lines is reported twice at one place: once.
 */
function firstCauses<E extends { code: string; pos: [number, number] }>(errors: readonly E[]): E[] {
  const tabs = errors.filter((e) => e.code === 'TAB_AS_INDENT');
  if (tabs.length > 0) return tabs;
  const nested = new Set(errors.filter((e) => e.code === 'BLOCK_AS_IMPLICIT_KEY').map((e) => e.pos[0]));
  return errors.filter((e) => !(e.code === 'MULTILINE_IMPLICIT_KEY' && nested.has(e.pos[0])));
}

function firstLine(message: string): string {
  const line = message.split('\n')[0];
  return line.replace(/ at line \d+, column \d+:?$/, '');
}
