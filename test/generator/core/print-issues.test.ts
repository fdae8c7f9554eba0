import { describe, expect, it } from 'vitest';
import type { Issue } from '../../../generator/core/issue.js';
import { clip, excerpt, formatIssuesJson, formatIssuesText, summarize } from '../../../generator/core/print-issues.js';

const issue = (over: Partial<Issue>): Issue => ({ code: 'x/y', severity: 'error', path: '', message: 'bad', line: 0, column: 0, ...over });

const SOURCE = ['version: 1', 'tools:', '  get_forecast:', '    descripton: hi', '', '', '', '', '', '', '', 'last: 12'].join('\n');

describe('excerpt', () => {
  const long = 'a'.repeat(100) + 'X' + 'b'.repeat(200); // 301 characters, X at column 101
  const cases: { name: string; line: string; column: number; want: { text: string; caret: number } }[] = [
    { name: 'short line shown whole', line: 'version: 1', column: 4, want: { text: 'version: 1', caret: 3 } },
    { name: 'line of exactly 160 shown whole', line: 'c'.repeat(160), column: 160, want: { text: 'c'.repeat(160), caret: 159 } },
    { name: 'window centred on the column', line: long, column: 101, want: { text: `…${'a'.repeat(60)}X${'b'.repeat(59)}…`, caret: 61 } },
    {
      name: 'column near the start: no leading ellipsis',
      line: long,
      column: 3,
      want: { text: `${'a'.repeat(100)}X${'b'.repeat(19)}…`, caret: 2 },
    },
    {
      name: 'column on the last character: no trailing ellipsis',
      line: long,
      column: 301,
      want: { text: `…${'b'.repeat(120)}`, caret: 120 },
    },
    {
      name: 'column just past the end (a missing value) puts the caret after it',
      line: long,
      column: 999,
      want: { text: `…${'b'.repeat(120)}`, caret: 121 },
    },
  ];
  it.each(cases)('$name', ({ line, column, want }) => {
    expect(excerpt(line, column)).toEqual(want);
  });

  it('prints a window of a megabyte line, caret under the reported character', () => {
    const line = `${'x'.repeat(1_000_000)}BAD${'y'.repeat(1_000_000)}`;
    const [, src, caret] = formatIssuesText([issue({ line: 1, column: 1_000_001 })], 'mcp.yaml', line).split('\n');
    expect(src.length).toBeLessThan(140);
    expect(src.slice(caret.indexOf('^'), caret.indexOf('^') + 3)).toBe('BAD');
  });
});

describe('formatIssuesText', () => {
  const cases: { name: string; given: Issue[]; want: string[] }[] = [
    {
      name: 'position, source line, caret and hint',
      given: [
        issue({
          path: 'tools.get_forecast.descripton',
          message: "unknown key 'descripton'",
          hint: "did you mean 'description'?",
          line: 4,
          column: 5,
        }),
      ],
      want: [
        "mcp.yaml:4:5: error tools.get_forecast.descripton: unknown key 'descripton'",
        '  4 |     descripton: hi',
        '    |     ^',
        "  hint: did you mean 'description'?",
      ],
    },
    {
      name: 'column 1, no path, no hint',
      given: [issue({ message: 'duplicate key', line: 1, column: 1 })],
      want: ['mcp.yaml:1:1: error duplicate key', '  1 | version: 1', '    | ^'],
    },
    {
      name: 'two-digit line widens the gutter',
      given: [issue({ severity: 'warning', path: 'last', line: 12, column: 7 })],
      want: ['mcp.yaml:12:7: warning last: bad', '  12 | last: 12', '     |       ^'],
    },
    {
      name: 'empty source line still gets a caret',
      given: [issue({ line: 5, column: 1 })],
      want: ['mcp.yaml:5:1: error bad', '  5 | ', '    | ^'],
    },
    {
      name: 'line 0: file only, no source',
      given: [
        issue({ code: 'manifest/unreadable', message: 'cannot read the manifest: file not found', hint: 'pass -m', line: 0, column: 0 }),
      ],
      want: ['mcp.yaml: error cannot read the manifest: file not found', '  hint: pass -m'],
    },
    {
      name: 'line past the end of the source: no source line',
      given: [issue({ line: 99, column: 3 })],
      want: ['mcp.yaml:99:3: error bad'],
    },
    {
      name: 'column 0 puts the caret at the start',
      given: [issue({ line: 2, column: 0 })],
      want: ['mcp.yaml:2:0: error bad', '  2 | tools:', '    | ^'],
    },
    {
      name: 'issues are separated by a blank line',
      given: [issue({ message: 'one' }), issue({ message: 'two', severity: 'warning' })],
      want: ['mcp.yaml: error one', '', 'mcp.yaml: warning two'],
    },
    { name: 'no issues', given: [], want: [''] },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(formatIssuesText(given, 'mcp.yaml', SOURCE).split('\n')).toEqual(want);
  });

  it('prints the file name as given', () => {
    expect(formatIssuesText([issue({})], './conf/my mcp.yaml', '')).toBe('./conf/my mcp.yaml: error bad');
  });

  it('shows CRLF source lines without the carriage return', () => {
    expect(formatIssuesText([issue({ line: 2, column: 3 })], 'm.yaml', 'a: 1\r\nb: 2\r\n').split('\n')).toEqual([
      'm.yaml:2:3: error bad',
      '  2 | b: 2',
      '    |   ^',
    ]);
  });

  it('keeps tabs in the caret padding so the caret lines up', () => {
    const out = formatIssuesText([issue({ line: 1, column: 4 })], 'm.yaml', 'a:\tbad');
    expect(out.split('\n')[2]).toBe('    |   \t^');
  });
});

describe('summarize', () => {
  const cases: { name: string; given: Issue['severity'][]; want: string }[] = [
    { name: 'none', given: [], want: '0 errors' },
    { name: 'one error', given: ['error'], want: '1 error' },
    { name: 'two errors', given: ['error', 'error'], want: '2 errors' },
    { name: 'one warning', given: ['warning'], want: '0 errors, 1 warning' },
    { name: 'mixed', given: ['warning', 'error', 'warning'], want: '1 error, 2 warnings' },
    { name: 'plural both', given: ['error', 'error', 'warning', 'warning', 'warning'], want: '2 errors, 3 warnings' },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(summarize(given.map((severity) => issue({ severity })))).toBe(want);
  });
});

describe('formatIssuesJson', () => {
  it('is the file and the issues, as parseable JSON', () => {
    const issues = [issue({ line: 2, column: 3, hint: 'h' })];
    expect(JSON.parse(formatIssuesJson(issues, 'mcp.yaml'))).toEqual({ file: 'mcp.yaml', issues });
  });
});

describe('clip', () => {
  const end = ' is too short to guide a model';
  const cases: { name: string; given: string; want: string }[] = [
    { name: 'a short text is whole', given: 'bad', want: 'bad' },
    { name: 'a text of exactly 600 is whole', given: 'x'.repeat(600), want: 'x'.repeat(600) },
    {
      name: 'a long text keeps its start and end, and counts what it left out',
      given: `description "${'a'.repeat(10_000)}"${end}`,
      want: `description "${'a'.repeat(387)} … (9494 characters left out) … ${'a'.repeat(119)}"${end}`,
    },
    {
      name: 'a cut never splits a surrogate pair',
      given: `${'x'.repeat(399)}${'😀'.repeat(1000)}`,
      want: `${'x'.repeat(399)} … (1850 characters left out) … ${'😀'.repeat(75)}`,
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(clip(given)).toBe(want);
  });

  it('clips messages and hints in text and JSON alike', () => {
    const long = issue({ message: `"${'m'.repeat(1_000_000)}" is bad`, hint: `use "${'h'.repeat(1_000_000)}"` });
    const text = formatIssuesText([long], 'mcp.yaml', '');
    expect(text.length).toBeLessThan(1_400);
    expect(text).toMatch(/" is bad\n {2}hint: use "h+ … \(\d+ characters left out\) … h+"$/);
    const [json] = JSON.parse(formatIssuesJson([long], 'mcp.yaml')).issues;
    expect(json.message).toMatch(/^"m+ … \(999459 characters left out\) … m+" is bad$/);
    expect(json.hint.length).toBeLessThan(700);
  });
});
