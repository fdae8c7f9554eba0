import { describe, expect, it } from 'vitest';
import { hasNullMember, mayBeMisread } from '../../../generator/load/misread-text.js';
import { loadManifest } from '../../../generator/load/load-manifest.js';

const lines = (...l: string[]) => `${l.join('\n')}\n`;

describe('loadManifest: flow keys without a value', () => {
  const cases: {
    name: string;
    given: string;
    want: { path: string; line: number; column: number; hint: string }[];
  }[] = [
    {
      name: 'a comma inside a plain description',
      given: lines(
        'tools:',
        '  find:',
        '    inputSchema:',
        '      properties:',
        '        q: {type: string, description: Title, author or tag}',
      ),
      want: [
        {
          path: 'tools.find.inputSchema.properties.q["author or tag"]',
          line: 5,
          column: 47,
          hint: 'if the comma belongs to the text, quote it: description: "Title, author or tag"',
        },
      ],
    },
    {
      name: 'two commas: each stray key, the hint quoting everything from the value on',
      given: lines('a: {description: one, two, three}'),
      want: [
        { path: 'a.two', line: 1, column: 23, hint: 'if the comma belongs to the text, quote it: description: "one, two"' },
        { path: 'a.three', line: 1, column: 28, hint: 'if the comma belongs to the text, quote it: description: "one, two, three"' },
      ],
    },
    {
      name: 'a flow mapping over two lines, inside a sequence',
      given: lines('items:', '  - {text: "x", title: Forecast,', '     daily}'),
      want: [{ path: 'items[0].daily', line: 3, column: 6, hint: 'if the comma belongs to the text, quote it: title: "Forecast, daily"' }],
    },
    {
      name: 'the values of a list keyword, meant as a list',
      given: lines('sort: {type: string, enum: name, population}'),
      want: [
        { path: 'sort.population', line: 1, column: 34, hint: 'if these are the values of enum, write a list: enum: [name, population]' },
      ],
    },
    {
      name: 'a first key without a value has no value to quote',
      given: lines('a: {lonely, b: 1}'),
      want: [{ path: 'a.lonely', line: 1, column: 5, hint: 'write `key: value`, or quote the value the comma belongs to' }],
    },
    {
      name: 'a quoted value is whole',
      given: lines("a: {description: 'Title, author or tag', b: 1}"),
      want: [],
    },
    {
      name: 'explicit nulls, in flow and block mappings',
      given: lines('a: {x: null, y: ~, z:}', 'b:', '  c:', '  d: null'),
      want: [],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const loaded = loadManifest('mcp.yaml', given);
    expect(
      loaded.issues.map(({ path, line, column, hint }) => ({ path, line, column, hint })),
      JSON.stringify(loaded.issues),
    ).toEqual(want);
    for (const issue of loaded.issues) {
      expect(issue).toMatchObject({ code: 'yaml/key-without-value', severity: 'error' });
      expect(issue.message).toMatch(/^".+" is a key without a value: in a flow mapping \(\{\.\.\.\}\) a comma ends the value before it$/);
    }
  });
});

describe('loadManifest: a comment that cuts a text short', () => {
  const cases: { name: string; given: string; want: { path: string; line: number; column: number; message: string; hint: string }[] }[] = [
    {
      name: 'an issue number in a description',
      given: lines('tools:', '  close:', '    description: Closes issue #42 when asked'),
      want: [
        {
          path: 'tools.close.description',
          line: 3,
          column: 31,
          message: '"#42 when asked" is a comment: a # after a space starts one, so the value is "Closes issue"',
          hint: 'if it belongs to the text, quote it: description: "Closes issue #42 when asked"; if it is a comment, put a space after the #',
        },
      ],
    },
    {
      name: 'in a sequence',
      given: lines('tags:', '  - build #1'),
      want: [
        {
          path: 'tags[0]',
          line: 2,
          column: 11,
          message: '"#1" is a comment: a # after a space starts one, so the value is "build"',
          hint: 'if it belongs to the text, quote it: "build #1"; if it is a comment, put a space after the #',
        },
      ],
    },
    { name: 'a comment with a space after the #', given: lines('a: text # a comment', 'b: text #'), want: [] },
    { name: 'a comment after a value that is not text', given: lines('a: true #yes', 'b: 3 #three', 'c: {x: 1} #map'), want: [] },
    {
      name: 'a # inside quotes, a block scalar or a word',
      given: lines("a: 'issue #42'", 'b: |', '  issue #42', 'c: C# and x#y'),
      want: [],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const loaded = loadManifest('mcp.yaml', given);
    expect(loaded.issues.map(({ path, line, column, message, hint }) => ({ path, line, column, message, hint }))).toEqual(want);
    for (const issue of loaded.issues) expect(issue).toMatchObject({ code: 'yaml/comment-in-text', severity: 'warning' });
    // The data is what YAML says, warning or not.
    expect(loaded.data).not.toBeUndefined();
  });

  it('the fast reader hands over only text where a # touches a word after a space, or a null member', () => {
    expect(mayBeMisread('a: Closes #42\n', { a: 'Closes' })).toBe(true);
    expect(mayBeMisread('a: text # note\nb: C#\n', { a: 'text', b: 'C#' })).toBe(false);
    expect(mayBeMisread('a: {b}\n', { a: { b: null } })).toBe(true);
  });
});

describe('hasNullMember', () => {
  it.each([
    { given: { a: { b: [{ c: null }] } }, want: true },
    { given: { a: [null, 1], b: 'x' }, want: false },
    { given: [{ a: 1 }, 'x', null], want: false },
    { given: null, want: false },
  ])('$given: $want', ({ given, want }) => {
    expect(hasNullMember(given)).toBe(want);
  });
});

describe('loadManifest: YAML tags outside the core schema', () => {
  const cases: { name: string; given: string; want: { path: string; line: number; column: number; tag: string }[] }[] = [
    { name: 'bytes', given: lines('tools:', '  a: !!binary aGVsbG8='), want: [{ path: 'tools.a', line: 2, column: 6, tag: '!!binary' }] },
    {
      name: 'a date, in a flow mapping',
      given: lines('server: {name: x, description: !!timestamp 2001-12-14}'),
      want: [{ path: 'server.description', line: 1, column: 32, tag: '!!timestamp' }],
    },
    {
      name: 'a set after an anchor: its members are not keys without values',
      given: lines('a: &s !!set {b}'),
      want: [{ path: 'a', line: 1, column: 7, tag: '!!set' }],
    },
    { name: 'a tag of its own', given: lines('a:', '  - !custom {x: 1}'), want: [{ path: 'a[0]', line: 2, column: 5, tag: '!custom' }] },
    { name: 'the core tags and the non-specific one', given: lines('a: !!str 1.0', 'b: !!int 3', 'c: ! x', 'd: !!map {}'), want: [] },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const loaded = loadManifest('mcp.yaml', given);
    expect(loaded.issues.map(({ path, line, column }) => ({ path, line, column }))).toEqual(want.map(({ tag, ...at }) => at));
    loaded.issues.forEach((issue, i) => {
      expect(issue).toMatchObject({ code: 'yaml/tag', severity: 'error' });
      expect(issue.message).toContain(`the YAML tag ${want[i].tag} has no place in a manifest`);
    });
    // The data a tag made is not validated: its errors would be about a value nobody wrote.
    if (want.length > 0) expect(loaded.data).toBeUndefined();
    else expect(loaded.data).toEqual({ a: '1.0', b: 3, c: 'x', d: {} });
  });
});
