import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadManifest, readManifest, type PathSegment } from '../../../generator/load/load-manifest.js';

const lines = (...l: string[]) => `${l.join('\n')}\n`;

describe('loadManifest: duplicate keys', () => {
  // The path names the entry the second key belongs to: which tool was written twice.
  const cases: { name: string; given: string; want: { path: string; line: number; column: number; data: unknown } }[] = [
    { name: 'top level', given: lines('a: 1', 'b: 2', 'a: 3'), want: { path: 'a', line: 3, column: 1, data: { a: 3, b: 2 } } },
    {
      name: 'nested block map',
      given: lines('a:', '  x: 1', '  x: 2'),
      want: { path: 'a.x', line: 3, column: 3, data: { a: { x: 2 } } },
    },
    {
      name: 'flow map',
      given: lines('a: {x: 1, y: 2, x: 3}'),
      want: { path: 'a.x', line: 1, column: 17, data: { a: { x: 3, y: 2 } } },
    },
    {
      name: 'a tool written twice',
      given: lines('tools:', '  get_record:', '    title: A', '  list:', '    title: B', '  get_record:', '    title: C'),
      want: { path: 'tools.get_record', line: 6, column: 3, data: { tools: { get_record: { title: 'C' }, list: { title: 'B' } } } },
    },
    {
      name: 'inside a list item',
      given: lines('args:', '  - name: a', '    name: b'),
      want: { path: 'args[0].name', line: 3, column: 5, data: { args: [{ name: 'b' }] } },
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const loaded = loadManifest('mcp.yaml', given);
    expect(loaded.issues).toEqual([
      {
        code: 'yaml/duplicate-key',
        severity: 'error',
        path: want.path,
        message: 'duplicate key: each name may appear once in its map',
        hint: 'rename or merge the second entry',
        line: want.line,
        column: want.column,
      },
    ]);
    // A duplicate key is reported but does not stop later checks.
    expect(loaded.data).toEqual(want.data);
  });
});

describe('loadManifest: syntax errors', () => {
  const cases: { name: string; given: string; want: { line: number; column: number; message: RegExp } }[] = [
    // Reported at the bracket that is never closed, not where the parser noticed it.
    { name: 'unclosed flow sequence', given: lines('a: [1, 2'), want: { line: 1, column: 4, message: /Flow sequence/ } },
    { name: 'unclosed flow map', given: lines('{a: 1'), want: { line: 1, column: 1, message: /Flow map/ } },
    {
      name: 'unclosed flow sequence in a value, with more keys below',
      given: lines('tools:', '  a:', '    title: [beta Forecast', '    description: Gets it'),
      want: { line: 3, column: 12, message: /Flow sequence/ },
    },
    {
      name: 'a key indented less than the keys above it: at the key, not the indentation',
      given: lines('tools:', '  a:', '    title: A', '   description: Gets it'),
      want: { line: 4, column: 4, message: /All mapping items must start at the same column/ },
    },
    {
      name: 'a line indented deeper than its siblings: one error, not two',
      given: lines('tools:', '  a:', '    title: A', '          description: Gets it'),
      want: { line: 3, column: 12, message: /Nested mappings/ },
    },
    {
      name: 'a tab as indentation: the tab, not what the parser misreads below it',
      given: lines('tools:', '  a:', '\ttitle: A', '    description: Gets it', '  b:', '    title: B'),
      want: { line: 3, column: 1, message: /Tabs/ },
    },
    { name: 'nested compact mapping', given: lines('a: b: c'), want: { line: 1, column: 4, message: /Nested mappings/ } },
    { name: 'tab indentation', given: lines('a:', '\tb: 1'), want: { line: 2, column: 1, message: /Tabs/ } },
    { name: 'text after a quoted scalar', given: lines("a: 'x' y"), want: { line: 1, column: 8, message: /Unexpected scalar/ } },
    {
      name: 'several documents',
      given: lines('a: 1', '---', 'b: 2'),
      want: { line: 2, column: 1, message: /^YAML syntax: a second document starts here$/ },
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const loaded = loadManifest('mcp.yaml', given);
    expect(loaded.data).toBeUndefined();
    expect(loaded.issues).toHaveLength(1);
    expect(loaded.issues[0]).toMatchObject({ code: 'yaml/syntax', severity: 'error', path: '', line: want.line, column: want.column });
    expect(loaded.issues[0].message).toMatch(want.message);
  });

  it('a line indented too deep is told so', () => {
    const [issue] = loadManifest('mcp.yaml', lines('tools:', '  a:', '    title: A', '          description: Gets it')).issues;
    expect(issue.hint).toBe(
      'a line below is indented deeper than the keys beside it, so YAML reads it as more of this value: line it up with them',
    );
  });

  it('an empty file parses to null with no issues', () => {
    const loaded = loadManifest('mcp.yaml', '');
    expect({ data: loaded.data, issues: loaded.issues, at: loaded.locate(['a']) }).toEqual({
      data: null,
      issues: [],
      at: { line: 1, column: 1 },
    });
  });

  it('an alias without an anchor is reported, not thrown', () => {
    const loaded = loadManifest('mcp.yaml', lines('a: &x 1', 'b: *nope'));
    expect(loaded.issues.map((i) => [i.code, i.line])).toEqual([['yaml/syntax', 2]]);
    expect(loaded.data).toBeUndefined();
  });

  it('an alias bomb is reported, not thrown', () => {
    const row = (anchor: string, item: string) => `${anchor}: &${anchor} [${Array(9).fill(item).join(', ')}]`;
    const source = lines(row('a', 'x'), row('b', '*a'), row('c', '*b'), row('d', '*c'), `e: [${Array(9).fill('*d').join(', ')}]`);
    const loaded = loadManifest('mcp.yaml', source);
    expect(loaded.issues.length).toBeGreaterThan(0);
    expect(loaded.data).toBeUndefined();
  });
});

describe('locate', () => {
  const source = lines(
    'version: 1', //                                                          1
    'tools:', //                                                              2
    '  get_forecast:', //                                                     3
    '    description: "hi"', //                                               4
    '    inputSchema: {type: object, properties: {city: {type: string}}}', // 5
    'list:', //                                                               6
    '  - a', //                                                               7
    '  - name: b', //                                                         8
    '    x: 1', //                                                            9
    '  - [c, d]', //                                                          10
    'empty:', //                                                              11
    '1: one', //                                                              12
  );
  const loaded = loadManifest('mcp.yaml', source);
  const cases: { name: string; given: [PathSegment[], ('key' | 'value')?]; want: [number, number] }[] = [
    { name: 'block value', given: [['version']], want: [1, 10] },
    { name: 'block key', given: [['version'], 'key'], want: [1, 1] },
    { name: 'quoted value starts at its quote', given: [['tools', 'get_forecast', 'description']], want: [4, 18] },
    { name: 'nested block key', given: [['tools', 'get_forecast', 'description'], 'key'], want: [4, 5] },
    { name: 'map value', given: [['tools', 'get_forecast']], want: [4, 5] },
    { name: 'flow value', given: [['tools', 'get_forecast', 'inputSchema', 'properties', 'city', 'type']], want: [5, 59] },
    { name: 'flow key', given: [['tools', 'get_forecast', 'inputSchema', 'properties', 'city', 'type'], 'key'], want: [5, 53] },
    { name: 'sequence item', given: [['list', 0]], want: [7, 5] },
    { name: "'key' of a sequence item is the item", given: [['list', 0], 'key'], want: [7, 5] },
    { name: 'key inside a sequence item', given: [['list', 1, 'x'], 'key'], want: [9, 5] },
    { name: 'value inside a sequence item', given: [['list', 1, 'x']], want: [9, 8] },
    { name: 'flow sequence item', given: [['list', 2, 1]], want: [10, 9] },
    { name: 'empty value sits after the colon', given: [['empty']], want: [11, 7] },
    { name: 'numeric key by number', given: [[1]], want: [12, 4] },
    { name: 'numeric key by string', given: [['1']], want: [12, 4] },
    { name: 'root', given: [[]], want: [1, 1] },
    // Paths that run past the document fall back to the deepest node that exists.
    { name: 'missing top-level key', given: [['nothere']], want: [1, 1] },
    { name: 'missing key under a map', given: [['tools', 'get_forecast', 'missing', 'deeper']], want: [4, 5] },
    { name: 'missing key in a flow map', given: [['tools', 'get_forecast', 'inputSchema', 'properties', 'nope', 'type']], want: [5, 45] },
    { name: 'missing key asked as key', given: [['tools', 'nope'], 'key'], want: [3, 3] },
    { name: 'index past the end', given: [['list', 5]], want: [7, 3] },
    { name: 'string segment on a sequence', given: [['list', 'x']], want: [7, 3] },
    { name: 'past a scalar', given: [['tools', 'get_forecast', 'description', 'x']], want: [4, 18] },
  ];
  it.each(cases)('$name', ({ given: [path, at], want: [line, column] }) => {
    expect(loaded.locate(path, at)).toEqual({ line, column });
  });

  it('counts CRLF line endings as one line break', () => {
    expect(loadManifest('mcp.yaml', 'a: 1\r\nb: x\r\n').locate(['b'])).toEqual({ line: 2, column: 4 });
  });
});

describe('scalarStart', () => {
  const source = lines(
    's:',
    '  plain: plain text', //    2
    "  single: 'abc'", //        3
    "  escsingle: 'it''s'", //   4
    '  double: "abc"', //        5
    '  escaped: "a\\tb"', //     6
    '  block: |', //             7
    '    line',
    '  folded: >', //            9
    '    x',
    '  multi: a', //             11
    '    b',
    '  map: {k: v}', //          13
    '  rawdq: "it\'\'s"', //     14
  );
  const loaded = loadManifest('mcp.yaml', source);
  const cases: { name: string; given: PathSegment[]; want: { line: number; column: number; exact: boolean } | undefined }[] = [
    { name: 'plain', given: ['s', 'plain'], want: { line: 2, column: 10, exact: true } },
    { name: 'single-quoted: after the quote', given: ['s', 'single'], want: { line: 3, column: 12, exact: true } },
    { name: "single-quoted with '' escape", given: ['s', 'escsingle'], want: { line: 4, column: 15, exact: false } },
    { name: 'double-quoted: after the quote', given: ['s', 'double'], want: { line: 5, column: 12, exact: true } },
    { name: 'double-quoted with a backslash escape', given: ['s', 'escaped'], want: { line: 6, column: 13, exact: false } },
    { name: 'literal block scalar', given: ['s', 'block'], want: { line: 7, column: 10, exact: false } },
    { name: 'folded block scalar', given: ['s', 'folded'], want: { line: 9, column: 11, exact: false } },
    { name: 'multi-line plain scalar', given: ['s', 'multi'], want: { line: 11, column: 10, exact: false } },
    { name: 'flow map value', given: ['s', 'map', 'k'], want: { line: 13, column: 12, exact: true } },
    { name: 'not a scalar', given: ['s', 'map'], want: undefined },
    { name: 'missing', given: ['s', 'nope'], want: undefined },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(loaded.scalarStart(given)).toEqual(want);
  });

  it("a double-quoted scalar containing '' is exact", () => {
    expect(loaded.scalarStart(['s', 'rawdq'])).toEqual({ line: 14, column: 11, exact: true });
  });
});

describe('readManifest', () => {
  // ASCII files are decoded as latin1 (faster, the same text); anything else as UTF-8.
  it.each([
    ['ASCII', 'name: plain text\n'],
    ['UTF-8', 'name: Grüße – 日本語 🎫\n'],
    ['a byte order mark', '\uFEFFname: with bom\n'],
  ])('reads %s as the UTF-8 text it holds', (_, text) => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-gen-read-'));
    writeFileSync(join(dir, 'mcp.yaml'), text, 'utf8');
    expect(readManifest(join(dir, 'mcp.yaml')).source).toBe(text);
  });

  it('an invalid UTF-8 byte reads as the replacement character, as before', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-gen-read-'));
    writeFileSync(join(dir, 'mcp.yaml'), Buffer.from([0x61, 0x3a, 0x20, 0xff, 0x0a]));
    expect(readManifest(join(dir, 'mcp.yaml')).source).toBe('a: \uFFFD\n');
  });
});
