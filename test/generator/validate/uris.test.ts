import { describe, expect, it } from 'vitest';
import { uriProblem } from '../../../generator/validate/uris.js';

describe('uriProblem', () => {
  const cases: { given: string; want: ReturnType<typeof uriProblem> }[] = [
    { given: 'weather://cities', want: undefined },
    { given: 'file:///a%20b', want: undefined },
    {
      given: 'cities',
      want: {
        offset: 0,
        message: 'is not an absolute URI: it needs a scheme',
        hint: 'add a scheme, e.g. file:///cities or myapp://cities',
      },
    },
    {
      given: 'file:///a b',
      want: { offset: 9, message: 'contains " ", which a URI cannot hold unencoded', hint: 'percent-encode it (%20)' },
    },
    {
      given: 'weather://{city}/now',
      want: {
        offset: 10,
        message: 'contains "{", which a URI cannot hold unencoded',
        hint: 'a URI with {variables} is a template: declare it under resourceTemplates: as uriTemplate: weather://{city}/now, or percent-encode the brace (%7B) if it is part of the URI',
      },
    },
    {
      given: 'weather://a{',
      want: { offset: 11, message: 'contains "{", which a URI cannot hold unencoded', hint: 'percent-encode it (%7B)' },
    },
    { given: 'x:100%', want: { offset: 5, message: "has a '%' that does not start a %XX escape", hint: "write a literal '%' as %25" } },
  ];
  it.each(cases)('$given', ({ given, want }) => {
    expect(uriProblem(given)).toEqual(want);
  });
});
