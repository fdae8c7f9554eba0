import { describe, expect, it } from 'vitest';
import { inputDefaults, inputDefaultsModel } from '../../../generator/model/input-defaults.js';

describe('inputDefaults', () => {
  const cases: { name: string; given: unknown; want: Record<string, unknown> }[] = [
    {
      name: 'own defaults of top-level properties',
      given: { properties: { a: { default: 1 }, b: {}, c: { default: null } } },
      want: { a: 1, c: null },
    },
    {
      name: 'the default of the definition a $ref names, through a chain',
      given: { properties: { u: { $ref: '#/$defs/U' } }, $defs: { U: { $ref: '#/$defs/V' }, V: { default: 'metric' } } },
      want: { u: 'metric' },
    },
    {
      name: "a property's own default wins over its $ref's",
      given: { properties: { u: { $ref: '#/$defs/U', default: 'imperial' } }, $defs: { U: { default: 'metric' } } },
      want: { u: 'imperial' },
    },
    {
      name: 'nested defaults stay annotations',
      given: { properties: { w: { type: 'object', properties: { h: { default: 24 } } } } },
      want: {},
    },
    { name: 'a $ref loop ends', given: { properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { $ref: '#/$defs/A' } } }, want: {} },
    { name: 'an unresolvable $ref', given: { properties: { a: { $ref: 'other.json' } } }, want: {} },
    { name: 'no properties', given: { type: 'object' }, want: {} },
    {
      name: 'a default its own schema rejects is left out',
      given: {
        properties: { n: { type: 'integer', default: 'x' }, u: { $ref: '#/$defs/U' } },
        $defs: { U: { enum: ['a'], default: 'b' } },
      },
      want: {},
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(inputDefaults(given)).toEqual(want);
  });
});

describe('inputDefaultsModel', () => {
  it('names the defaulted keys in the handler type', () => {
    expect(inputDefaultsModel({ properties: { a: { default: 1 }, 'b c': { default: 'x' } } }, 'GetItInput')).toEqual({
      inputDefaults: { a: 1, 'b c': 'x' },
      handlerInputType: 'WithDefaults<GetItInput, "a" | "b c">',
    });
  });

  it('leaves a tool without defaults as it was', () => {
    expect(inputDefaultsModel({ properties: { a: {} } }, 'TInput')).toEqual({ inputDefaults: null, handlerInputType: 'TInput' });
  });
});
