import { describe, expect, it } from 'vitest';
import { appliesInPlace, inPlaceLoops, type CycleNode } from '../../../../generator/load/schema-files/cycles.js';

describe('appliesInPlace', () => {
  const cases: { given: (string | number)[]; want: boolean }[] = [
    { given: ['$ref'], want: true },
    { given: ['allOf', 0, '$ref'], want: true },
    { given: ['anyOf', 2, 'oneOf', 1, '$ref'], want: true },
    { given: ['not', '$ref'], want: true },
    { given: ['if', '$ref'], want: true },
    { given: ['dependentSchemas', 'a', '$ref'], want: true },
    { given: ['properties', 'a', '$ref'], want: false },
    { given: ['items', '$ref'], want: false },
    { given: ['allOf', 0, 'properties', 'a', '$ref'], want: false },
    { given: ['additionalProperties', '$ref'], want: false },
  ];
  it.each(cases)('$given', ({ given, want }) => {
    expect(appliesInPlace(given)).toBe(want);
  });
});

describe('inPlaceLoops', () => {
  type N = CycleNode & { id: string; sites: { path: (string | number)[]; target?: N }[] };
  const node = (id: string): N => ({ id, sites: [] });
  const link = (from: N, to: N, path: (string | number)[] = ['$ref']) => from.sites.push({ path, target: to });
  const ids = (loops: { target?: N }[][]) => loops.map((loop) => loop.map((s) => s.target!.id).join(' '));

  it("two schemas that are each other's $ref", () => {
    const [a, b] = [node('a'), node('b')];
    link(a, b, ['allOf', 0, '$ref']);
    link(b, a);
    expect(ids(inPlaceLoops([a, b]))).toEqual(['b a']);
  });

  it('a schema that is its own $ref', () => {
    const a = node('a');
    link(a, a);
    expect(ids(inPlaceLoops([a]))).toEqual(['a']);
  });

  it('recursion through a property or an item is no loop', () => {
    const [a, b] = [node('a'), node('b')];
    link(a, b, ['properties', 'child', '$ref']);
    link(b, a, ['items', '$ref']);
    link(a, a, ['properties', 'self', '$ref']);
    expect(inPlaceLoops([a, b])).toEqual([]);
  });

  it('a long chain without a loop, and one with a loop at its end, without exhausting the stack', () => {
    const chain = Array.from({ length: 50_000 }, (_, i) => node(`n${i}`));
    for (let i = 0; i + 1 < chain.length; i++) link(chain[i], chain[i + 1]);
    expect(inPlaceLoops(chain)).toEqual([]);
    link(chain[chain.length - 1], chain[chain.length - 2]);
    expect(inPlaceLoops(chain)).toHaveLength(1);
  });
});
