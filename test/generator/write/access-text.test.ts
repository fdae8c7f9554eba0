import { describe, expect, it } from 'vitest';
import { accessText } from '../../../generator/write/access-text.js';

/** accessText at the first occurrence of `name` after `marker` in `text` (line and column 1-based, as tsc reports). */
function at(text: string, name: string, marker = ''): string | undefined {
  const offset = text.indexOf(name, text.indexOf(marker));
  const before = text.slice(0, offset).split('\n');
  return accessText(text, before.length, before[before.length - 1].length + 1);
}

describe('accessText', () => {
  it('quotes the property access the way the syntax tree spells it', () => {
    expect(at('const u = input.units;', 'units')).toBe('input.units');
    expect(at('f(args.input?.units)', 'units')).toBe('args.input?.units');
    expect(at('x = get(a)[0]!.b .units', 'units')).toBe('get(a)[0]!.b .units');
    expect(at('return (input as X).units;', 'units')).toBe('(input as X).units');
    expect(at('const a = input\n  .units;', 'units', '.')).toBe('input\n  .units');
    expect(at('await this.input.units', 'units')).toBe('this.input.units');
    expect(at('g(...input.units)', 'units')).toBe('input.units');
  });

  it('has nothing to quote when the name is not accessed through a dot', () => {
    expect(at('const { units } = input;', 'units')).toBeUndefined();
    expect(at("f({ units: 'metric' })", 'units')).toBeUndefined();
    expect(accessText('a.b', 3, 1)).toBeUndefined();
  });
});
