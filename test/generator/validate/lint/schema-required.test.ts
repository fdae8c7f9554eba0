import { describe, expect, it } from 'vitest';
import { undeclaredRequired } from '../../../../generator/validate/lint/schema-required.js';

const CLOSED = '; with additionalProperties: false no argument can be valid';

describe('undeclaredRequired', () => {
  const cases: { name: string; given: unknown; want: string[] }[] = [
    {
      name: 'a typo in required, with the nearest declared name',
      given: { type: 'object', properties: { city: {} }, required: ['cty'] },
      want: ['required.0: required names "cty", which its properties do not declare | did you mean \'city\'?'],
    },
    {
      name: 'a closed object can take no argument at all',
      given: { type: 'object', properties: { a: {} }, required: ['a', 'zzz'], additionalProperties: false },
      want: [
        `required.1: required names "zzz", which its properties do not declare${CLOSED} | declare zzz under properties, or take it out of required`,
      ],
    },
    {
      name: 'a nested object',
      given: { properties: { filter: { properties: { since: {} }, required: ['snce'] } } },
      want: ['properties.filter.required.0: required names "snce", which its properties do not declare | did you mean \'since\'?'],
    },
    {
      name: 'a oneOf branch may require what its parent declares',
      given: { properties: { kind: {}, url: {}, path: {} }, oneOf: [{ properties: { kind: { const: 'u' } }, required: ['kind', 'url'] }] },
      want: [],
    },
    {
      name: 'a branch under if/then of the parent, and through two applicators',
      given: {
        properties: { a: {}, b: {} },
        if: { properties: { a: { const: 1 } } },
        then: { allOf: [{ properties: {}, required: ['b'] }] },
      },
      want: [],
    },
    {
      name: 'a parent may require what its branches declare',
      given: { properties: { a: {} }, allOf: [{ properties: { b: {} } }], required: ['a', 'b'] },
      want: [],
    },
    {
      name: 'a branch without properties of its own is not judged',
      given: { properties: { a: {}, b: {} }, anyOf: [{ required: ['a'] }, { required: ['c'] }] },
      want: [],
    },
    {
      name: 'a $ref or patternProperties may declare it elsewhere',
      given: {
        $defs: {
          A: { $ref: '#/$defs/B', properties: {}, required: ['x'] },
          P: { properties: {}, patternProperties: { '^x': {} }, required: ['x1'] },
        },
      },
      want: [],
    },
    {
      name: 'properties named if and then are no applicators',
      given: { properties: { if: { properties: { other: {} } }, then: { properties: { a: {} }, required: ['a', 'other'] } } },
      want: [
        'properties.then.required.1: required names "other", which its properties do not declare | declare other under properties, or take it out of required',
      ],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(undeclaredRequired(given, []).map((f) => `${f.path.join('.')}: ${f.message} | ${f.hint}`)).toEqual(want);
  });

  it('prefixes the path of the schema in the manifest', () => {
    const [finding] = undeclaredRequired({ properties: { city: {} }, required: ['cty'] }, ['tools', 'get_forecast', 'inputSchema']);
    expect(finding.path).toEqual(['tools', 'get_forecast', 'inputSchema', 'required', 0]);
  });
});
