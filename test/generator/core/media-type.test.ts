import { describe, expect, it } from 'vitest';
import { isMediaType, isTextualMediaType } from '../../../generator/core/index.js';

describe('isMediaType', () => {
  const cases: { given: string; want: boolean }[] = [
    { given: 'application/json', want: true },
    { given: 'image/svg+xml', want: true },
    { given: 'application/vnd.api+json', want: true },
    { given: 'text/plain; charset=utf-8', want: true },
    { given: 'text/plain;charset="utf-8"', want: true },
    { given: 'Text/HTML', want: true },
    { given: 'json', want: false },
    { given: '.png', want: false },
    { given: 'image/*', want: false },
    { given: 'text/plain ', want: false },
    { given: 'text/plain; charset', want: false },
    { given: 'application/', want: false },
    { given: '', want: false },
  ];
  it.each(cases)('$given: $want', ({ given, want }) => {
    expect(isMediaType(given)).toBe(want);
  });
});

describe('isTextualMediaType', () => {
  const cases: { given: string; want: boolean }[] = [
    { given: 'text/markdown', want: true },
    { given: 'application/json; charset=utf-8', want: true },
    { given: 'application/ld+json', want: true },
    { given: 'application/octet-stream', want: false },
    { given: 'image/png', want: false },
    { given: 'json', want: false },
  ];
  it.each(cases)('$given: $want', ({ given, want }) => {
    expect(isTextualMediaType(given)).toBe(want);
  });
});
