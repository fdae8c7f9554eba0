import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { commentText, jsLiteral, stringLiteral } from '../../../generator/model/js-literal.js';

const evaluate = (src: string): unknown => new Function(`return ${src}`)();

const hostileStrings: { name: string; given: string }[] = [
  { name: 'comment close', given: 'a */ b /* c' },
  { name: 'backticks and template', given: '`${process.exit(1)}`' },
  { name: 'script close', given: '</script><script>alert(1)</script>' },
  { name: 'quotes', given: `"double" 'single'` },
  { name: 'backslashes', given: '\\ \\\\ \\n \\u0041' },
  { name: 'line and paragraph separators', given: 'a\u2028b\u2029c' },
  { name: 'newlines and tabs', given: 'a\nb\r\nc\td' },
  { name: 'NUL and controls', given: '\u0000\u0001\u001f\u007f' },
  { name: 'lone high surrogate', given: 'x\ud800y' },
  { name: 'lone low surrogate', given: '\udc00' },
  { name: 'astral character', given: '😀' },
  { name: 'empty', given: '' },
];

describe('jsLiteral: hostile strings come back unchanged', () => {
  it.each(hostileStrings)('$name', ({ given }) => {
    expect(evaluate(jsLiteral(given))).toBe(given);
    expect(evaluate(jsLiteral({ [given]: given, list: [given] }))).toEqual({ [given]: given, list: [given] });
  });
});

describe('stringLiteral', () => {
  it.each(hostileStrings)('$name', ({ given }) => {
    expect(evaluate(stringLiteral(given))).toBe(given);
  });
  // U+2028/U+2029 may stay raw: since ES2019 they are legal inside string literals (the test above evaluates them).
  it('escapes CR and LF, so the literal fits on one source line', () => {
    expect(stringLiteral('a\r\nb')).toBe('"a\\r\\nb"');
  });
});

describe('jsLiteral: values', () => {
  const cases: { name: string; given: unknown; want: unknown }[] = [
    { name: 'null', given: null, want: null },
    { name: 'boolean', given: false, want: false },
    { name: 'number', given: -1.5e-7, want: -1.5e-7 },
    { name: 'empty object', given: {}, want: {} },
    { name: 'empty array', given: [], want: [] },
    { name: 'nested arrays', given: [[[]], [1, [2, [3]]]], want: [[[]], [1, [2, [3]]]] },
    { name: 'nested empty objects', given: { a: {}, b: [{}], c: { d: {} } }, want: { a: {}, b: [{}], c: { d: {} } } },
    { name: 'undefined properties are dropped', given: { a: undefined, b: 1, c: { d: undefined } }, want: { b: 1, c: {} } },
    {
      name: 'keys that are not identifiers',
      given: { 'a-b': 1, '': 2, '0': 3, 'x y': 4, $ref: 5 },
      want: { 'a-b': 1, '': 2, '0': 3, 'x y': 4, $ref: 5 },
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const got = evaluate(jsLiteral(given));
    expect(got).toStrictEqual(want);
  });

  it('drops undefined properties from the source text', () => {
    expect(jsLiteral({ a: undefined, b: 1 })).toBe('{ "b": 1 }');
  });

  // One line: the formatter breaks what does not fit, and keeps short values together.
  it('writes nested values on one line', () => {
    expect(jsLiteral({ a: [1, {}, { b: 'c' }] })).toBe('{ "a": [1, {}, { "b": "c" }] }');
  });
});

describe('jsLiteral: __proto__ keys', () => {
  const cases: { name: string; given: string }[] = [
    { name: 'at the root', given: '{"__proto__": {"polluted": true}, "a": 1}' },
    { name: 'nested', given: '{"x": {"__proto__": [1, 2]}}' },
    { name: 'inside an array', given: '[{"__proto__": null}]' },
  ];
  it.each(cases)('$name', ({ given }) => {
    const value = JSON.parse(given);
    const got = evaluate(jsLiteral(value));
    expect(got).toStrictEqual(value);
    const objects = [got, (got as Record<string, unknown>).x, (got as unknown[])[0]].filter(
      (o) => o && typeof o === 'object' && !Array.isArray(o),
    );
    for (const o of objects) expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps __proto__ an own property when evaluated in another realm', () => {
    const got = runInNewContext(`(${jsLiteral(JSON.parse('{"__proto__": {"k": 1}}'))})`) as object;
    expect(Object.getOwnPropertyNames(got)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(got, '__proto__')?.value).toEqual({ k: 1 });
  });
});

describe('commentText', () => {
  const cases: { name: string; given: [string, number?]; want: string }[] = [
    { name: 'plain', given: ['hello world'], want: 'hello world' },
    { name: 'comment close is defused', given: ['a */ b'], want: 'a *\\/ b' },
    { name: 'repeated comment closes', given: ['**/*/'], want: '**\\/*\\/' },
    { name: 'newlines and tabs collapse to one space', given: ['a\n\n\tb\r\nc'], want: 'a b c' },
    { name: 'U+2028 and U+2029 are line breaks too', given: ['a\u2028b\u2029c'], want: 'a b c' },
    { name: 'a comment close split by a newline stays split', given: ['*\n/'], want: '* /' },
    { name: 'trimmed', given: ['  \n x \n '], want: 'x' },
    { name: 'exactly max', given: ['abcde', 5], want: 'abcde' },
    { name: 'one over max', given: ['abcdef', 5], want: 'abcd…' },
    { name: 'default max is 160', given: ['x'.repeat(200)], want: `${'x'.repeat(159)}…` },
    { name: 'measured after defusing', given: ['ab */', 5], want: 'ab *…' },
  ];
  it.each(cases)('$name', ({ given: [s, max], want }) => {
    const got = commentText(s, max);
    expect(got).toBe(want);
    expect(got).not.toContain('*/');
    expect(got).not.toMatch(/[\n\r\u2028\u2029]/);
  });

  it('is safe inside a block comment and a line comment', () => {
    const text = commentText('x */ throw 1; /*\n throw 2;\u2028 throw 3;');
    expect(new Function(`/* ${text} */\n// ${text}\nreturn 7;`)()).toBe(7);
  });

  it('truncation never splits a surrogate pair', () => {
    const got = commentText('😀'.repeat(10), 6);
    expect(got).not.toMatch(/\p{Cs}/u); // a lone surrogate code unit
  });
});
