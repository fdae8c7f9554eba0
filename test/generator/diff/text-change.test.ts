import { describe, expect, it } from 'vitest';
import { textChange } from '../../../generator/diff/text-change.js';

describe('textChange', () => {
  const cases: { name: string; given: [string, string]; want: string }[] = [
    { name: 'identical', given: ['Search books.', 'Search books.'], want: 'none' },
    { name: 'punctuation and case only', given: ['Search books', 'search books.'], want: 'clarified' },
    {
      name: 'a clause added',
      given: ['Search the catalogue by title or author.', 'Search the catalogue by title, author or series.'],
      want: 'clarified',
    },
    {
      name: 'typo fixed',
      given: ['Retuns the forecast for a city, up to seven days ahead.', 'Returns the forecast for a city, up to seven days ahead.'],
      want: 'clarified',
    },
    {
      name: 'rewritten',
      given: ['Search the catalogue by title or author.', 'Delete every book that matches the filter.'],
      want: 'substantial',
    },
    {
      name: 'negation added',
      given: ['Call this when the user asks for prices.', 'Do not call this when the user asks for prices.'],
      want: 'substantial',
    },
    { name: 'restriction added', given: ['Use for books.', 'Use only for books.'], want: 'substantial' },
  ];
  it.each(cases)('$name', ({ given: [a, b], want }) => expect(textChange(a, b)).toBe(want));

  it('handles long texts without the quadratic comparison', () => {
    const long = Array.from({ length: 1000 }, (_, i) => `word${i % 50}`).join(' ');
    expect(textChange(long, `${long} extra`)).toBe('clarified');
  });
});
