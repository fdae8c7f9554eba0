import { describe, expect, it } from 'vitest';
import { misspelledKeywords } from '../../../../generator/validate/lint/schema-keywords.js';

describe('misspelledKeywords', () => {
  const cases: { name: string; given: unknown; want: string[] }[] = [
    { name: 'another case', given: { type: 'string', maxlength: 8 }, want: ["maxlength | did you mean 'maxLength'?"] },
    {
      name: 'a nested schema, and a letter too many',
      given: { properties: { tags: { type: 'array', items: { enums: ['a'] } } } },
      want: ["properties.tags.items.enums | did you mean 'enum'?"],
    },
    { name: 'an underscore', given: { min_length: 1 }, want: ["min_length | did you mean 'minLength'?"] },
    {
      name: 'a long keyword, two letters off',
      given: { additionalProperty: false },
      want: ["additionalProperty | did you mean 'additionalProperties'?"],
    },
    {
      name: 'optional, from other schema languages',
      given: { properties: { a: { optional: true } } },
      want: ["properties.a.optional | a property is optional unless the object's required lists it: remove optional"],
    },
    {
      name: 'annotations of the author, extensions, OpenAPI keywords and property names stay quiet',
      given: {
        properties: { maxlength: { type: 'string', unit: 'cm', kind: 'x', label: 'L', 'x-order': 1, nullable: true } },
        $defs: { enums: { type: 'string' } },
      },
      want: [],
    },
    {
      name: 'ref and defs without their $',
      given: { properties: { a: { ref: '#/defs/A' } }, defs: { A: { type: 'string' } } },
      want: ["defs | did you mean '$defs'?", "properties.a.ref | did you mean '$ref'?"],
    },
    { name: 'keywords of 2019-09', given: { $recursiveAnchor: true, $recursiveRef: '#' }, want: [] },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(misspelledKeywords(given, []).map((f) => `${f.path.join('.')} | ${f.hint}`)).toEqual(want);
  });
});
