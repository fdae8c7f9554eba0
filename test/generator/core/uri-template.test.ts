import { describe, expect, test } from 'vitest';
import { parseUriTemplate, uriTemplateVariableNames, type UriTemplateVariable } from '../../../generator/core/uri-template.js';

const v = (name: string, operator: UriTemplateVariable['operator'] = '', extra: Partial<UriTemplateVariable> = {}) => ({
  name,
  operator,
  explode: false,
  ...extra,
});

describe('parseUriTemplate: valid templates (RFC 6570 examples, levels 1-4)', () => {
  const cases: { given: string; want: UriTemplateVariable[] }[] = [
    { given: 'http://example.com/', want: [] },
    { given: '', want: [] },
    { given: 'http://example.com/~{username}/', want: [v('username')] },
    { given: 'http://example.com/dictionary/{term:1}/{term}', want: [v('term', '', { prefix: 1 })] },
    { given: 'http://example.com/search{?q,lang}', want: [v('q', '?'), v('lang', '?')] },
    // Level 2
    { given: '{+path}/here', want: [v('path', '+')] },
    { given: 'X{#var}', want: [v('var', '#')] },
    // Level 3
    { given: 'map?{x,y}', want: [v('x'), v('y')] },
    { given: '{+x,hello,y}', want: [v('x', '+'), v('hello', '+'), v('y', '+')] },
    { given: 'X{.x,y}', want: [v('x', '.'), v('y', '.')] },
    { given: '{/var,x}/here', want: [v('var', '/'), v('x', '/')] },
    { given: '{;x,y,empty}', want: [v('x', ';'), v('y', ';'), v('empty', ';')] },
    { given: '?fixed=yes{&x}', want: [v('x', '&')] },
    // Level 4
    { given: '{var:3}', want: [v('var', '', { prefix: 3 })] },
    { given: '{list*}', want: [v('list', '', { explode: true })] },
    { given: '{+path:6}/here', want: [v('path', '+', { prefix: 6 })] },
    { given: '{#keys*}', want: [v('keys', '#', { explode: true })] },
    { given: 'X{.list*}', want: [v('list', '.', { explode: true })] },
    { given: '{/list*,path:4}', want: [v('list', '/', { explode: true }), v('path', '/', { prefix: 4 })] },
    { given: '{;hello:5}', want: [v('hello', ';', { prefix: 5 })] },
    { given: '{?var:3,keys*}', want: [v('var', '?', { prefix: 3 }), v('keys', '?', { explode: true })] },
    { given: '{&var:9999}', want: [v('var', '&', { prefix: 9999 })] },
    // Names: dots between varchars, percent-encoded octets, digits and underscores.
    { given: '{user.name}', want: [v('user.name')] },
    { given: '{a%20b,_1}', want: [v('a%20b'), v('_1')] },
    // Duplicates are legal; the first use wins.
    { given: '{city}/{city*}/{+city:2}', want: [v('city')] },
    // Literals: reserved and unreserved ASCII, percent-encoding, and non-ASCII from ucschar / iprivate.
    { given: 'file:///a-b_c.d~!$&()*+,;=:@/?#[]{x}', want: [v('x')] },
    { given: 'weather://%E2%98%80/{city}', want: [v('city')] },
    { given: 'notes://café/日本/😀/\uE000/{id}', want: [v('id')] },
  ];
  test.each(cases)('$given', ({ given, want }) => {
    expect(parseUriTemplate(given)).toEqual({ variables: want, errors: [] });
  });
});

describe('parseUriTemplate: errors', () => {
  const cases: { given: string; want: { offset: number; message: string }[]; vars?: string[] }[] = [
    // Expressions
    { given: 'w://{city', want: [{ offset: 4, message: "unclosed expression '{city'" }] },
    { given: 'w://{a{b}', want: [{ offset: 4, message: "unclosed expression '{a'" }], vars: ['b'] },
    { given: 'w://a}b', want: [{ offset: 5, message: "unmatched '}'" }] },
    { given: 'w://{}', want: [{ offset: 4, message: "empty expression '{}'" }] },
    { given: 'w://{?}', want: [{ offset: 4, message: "empty expression '{?}'" }] },
    { given: '{=x}', want: [{ offset: 1, message: "reserved operator '='" }] },
    { given: '{,x}', want: [{ offset: 1, message: "reserved operator ','" }] },
    { given: '{!x}{@x}{|x}', want: ['!', '@', '|'].map((op, n) => ({ offset: 4 * n + 1, message: `reserved operator '${op}'` })) },
    { given: '{ci ty}', want: [{ offset: 1, message: "invalid variable name 'ci ty'" }] },
    { given: '{+a,b-c}', want: [{ offset: 4, message: "invalid variable name 'b-c'" }], vars: ['a'] },
    {
      given: '{a..b}{.a.}{a%2g}',
      want: [
        { offset: 1, message: "invalid variable name 'a..b'" },
        { offset: 8, message: "invalid variable name 'a.'" },
        { offset: 12, message: "invalid variable name 'a%2g'" },
      ],
    },
    { given: '{a,,b}', want: [{ offset: 3, message: 'empty variable name' }], vars: ['a', 'b'] },
    { given: '{*}', want: [{ offset: 1, message: 'empty variable name' }] },
    { given: '{x:0}', want: [{ offset: 2, message: 'prefix modifier must be 1-9999' }] },
    { given: '{x:10000}', want: [{ offset: 2, message: 'prefix modifier must be 1-9999' }] },
    { given: '{x:}', want: [{ offset: 2, message: 'prefix modifier must be 1-9999' }] },
    { given: '{x:03}', want: [{ offset: 2, message: 'prefix modifier must be 1-9999' }] },
    { given: '{x:3a}', want: [{ offset: 2, message: 'prefix modifier must be 1-9999' }] },
    { given: '{x:3*}', want: [{ offset: 2, message: "prefix and explode ('*') modifiers cannot be combined" }] },
    { given: '{x**}', want: [{ offset: 2, message: "invalid modifier '**' on variable 'x'" }] },
    // Literals (RFC 6570 section 2.1)
    {
      given: 'w://a b/{x}',
      want: [{ offset: 5, message: 'invalid character space outside an expression; percent-encode it as %20' }],
      vars: ['x'],
    },
    {
      given: 'w://<x>',
      want: [
        { offset: 4, message: "invalid character '<' outside an expression; percent-encode it as %3C" },
        { offset: 6, message: "invalid character '>' outside an expression; percent-encode it as %3E" },
      ],
    },
    ...['"', "'", '\\', '^', '`', '|'].map((c) => ({
      given: `a${c}`,
      want: [
        {
          offset: 1,
          message: `invalid character '${c}' outside an expression; percent-encode it as %${c.charCodeAt(0).toString(16).toUpperCase()}`,
        },
      ],
    })),
    { given: 'a\tb', want: [{ offset: 1, message: 'invalid character U+0009 outside an expression; percent-encode it as %09' }] },
    { given: 'a\x7f', want: [{ offset: 1, message: 'invalid character U+007F outside an expression; percent-encode it as %7F' }] },
    { given: 'a\u0085', want: [{ offset: 1, message: 'invalid character U+0085 outside an expression; percent-encode it as %C2%85' }] },
    { given: 'a\uFFFE', want: [{ offset: 1, message: 'invalid character U+FFFE outside an expression; percent-encode it as %EF%BF%BE' }] },
    {
      given: 'a\u{E0001}',
      want: [{ offset: 1, message: 'invalid character U+E0001 outside an expression; percent-encode it as %F3%A0%80%81' }],
    },
    { given: 'a\uD800b', want: [{ offset: 1, message: 'invalid character U+D800 (unpaired surrogate)' }] },
    // Offsets count UTF-16 code units, like every JS string index.
    {
      given: '😀 {x}',
      want: [{ offset: 2, message: 'invalid character space outside an expression; percent-encode it as %20' }],
      vars: ['x'],
    },
    { given: 'a%zz', want: [{ offset: 1, message: "invalid percent-encoding '%zz'" }] },
    { given: 'a%4', want: [{ offset: 1, message: "invalid percent-encoding '%4'" }] },
    { given: 'a%', want: [{ offset: 1, message: "invalid percent-encoding '%'" }] },
    // Several problems are all reported, in order.
    {
      given: '} {a b',
      want: [
        { offset: 0, message: "unmatched '}'" },
        { offset: 1, message: 'invalid character space outside an expression; percent-encode it as %20' },
        { offset: 2, message: "unclosed expression '{a b'" },
      ],
    },
  ];
  test.each(cases)('$given', ({ given, want, vars = [] }) => {
    const parsed = parseUriTemplate(given);
    expect(parsed.errors).toEqual(want);
    expect(parsed.variables.map((x) => x.name)).toEqual(vars);
  });

  test('long fragments are clipped in messages', () => {
    const { errors } = parseUriTemplate(`{${'a'.repeat(60)}`);
    expect(errors).toEqual([{ offset: 0, message: `unclosed expression '{${'a'.repeat(36)}...'` }]);
  });
});

describe('uriTemplateVariableNames', () => {
  const cases: { given: string; want: string[] }[] = [
    { given: 'w://x', want: [] },
    { given: 'w://{a}/{+b}{?c,a}{&d*}', want: ['a', 'b', 'c', 'd'] },
    { given: 'w://{a}/{b c}/{d}', want: ['a', 'd'] },
  ];
  test.each(cases)('$given', ({ given, want }) => {
    expect(uriTemplateVariableNames(given)).toEqual(want);
  });
});
