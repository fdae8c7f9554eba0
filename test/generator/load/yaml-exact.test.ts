// printExact: whatever style a string had when it was printed (the writer's choice, or the source's in fmt), in a
// block or a flow collection, as a key or a value, the text reads back as exactly the data.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Document, Scalar, visit } from 'yaml';
import { loadWithPositions, parsersMayDiffer } from '../../../generator/load/load-manifest.js';
import { printExact, readsBack } from '../../../generator/load/yaml-exact.js';
import { PROPERTY_SEED, trickyString } from '../../support/tricky-strings.js';

const RUNS = Number(process.env.YAML_PROPERTY_RUNS ?? 500);
const STYLES = [Scalar.PLAIN, Scalar.QUOTE_DOUBLE, Scalar.QUOTE_SINGLE, Scalar.BLOCK_LITERAL, Scalar.BLOCK_FOLDED] as const;

function styled(data: unknown, type: Scalar.Type, flow: boolean): Document {
  const doc = new Document(data);
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string') node.type = type;
    },
    Map(_, node) {
      node.flow = flow;
    },
  });
  return doc;
}

describe('printExact', () => {
  it('random strings in every style, block and flow, keys and values', () => {
    fc.assert(
      fc.property(trickyString(60), fc.constantFrom(...STYLES), fc.boolean(), (s, type, flow) => {
        const data = { a: { d: s, [s]: [s, 1] } };
        expect(readsBack(printExact(styled(data, type, flow), data, { lineWidth: 0 }), data)).toBe(true);
      }),
      { numRuns: RUNS, seed: PROPERTY_SEED },
    );
  });

  // What the printer alone gets wrong, each from a failure of the property above.
  const cases: { name: string; given: string; type: Scalar.Type; flow?: boolean }[] = [
    { name: 'a space-only line in folded double quotes', given: `0x1F\n \n${'long text '.repeat(5)}`, type: Scalar.QUOTE_DOUBLE },
    { name: 'a space-only value as a folded block', given: ' ', type: Scalar.BLOCK_FOLDED },
    { name: 'a space-only value as a literal block', given: ' ', type: Scalar.BLOCK_LITERAL },
    { name: 'a trailing whitespace-only line in a flow map', given: `${'x'.repeat(40)}\n \n`, type: Scalar.BLOCK_LITERAL, flow: true },
  ];
  it.each(cases)('$name', ({ given, type, flow }) => {
    const data = { d: given };
    const doc = styled(data, type, flow ?? false);
    expect(readsBack(doc.toString({ lineWidth: 0 }), data)).toBe(false);
    const text = printExact(doc, data, { lineWidth: 0 });
    expect(readsBack(text, data)).toBe(true);
    // The string itself is now in double quotes with JSON escapes, on one line.
    expect(text).toContain(JSON.stringify(given));
  });

  it('leaves text that reads back as the printer wrote it', () => {
    const data = { d: 'Fetch the data.\n \n**Best for** lookups', e: 'plain' };
    expect(printExact(new Document(data), data, { lineWidth: 0 })).toBe(
      'd: |-\n  Fetch the data.\n   \n  **Best for** lookups\ne: plain\n',
    );
  });

  // readsBack reads with the `yaml` parser only text the loader would not read with js-yaml alone.
  it('printed text it reads with js-yaml alone reads the same with the `yaml` parser', () => {
    fc.assert(
      fc.property(trickyString(60), fc.constantFrom(...STYLES), fc.boolean(), (s, type, flow) => {
        const data = { a: { d: s, [s]: [s, 1, null, true, -2.5] } };
        const text = printExact(styled(data, type, flow), data, { lineWidth: 0 });
        if (text.includes('*') || parsersMayDiffer(text)) return;
        const full = loadWithPositions('printed.yaml', text);
        expect(full.issues).toEqual([]);
        expect(full.data).toStrictEqual(data);
      }),
      { numRuns: RUNS, seed: PROPERTY_SEED },
    );
  });

  it('reads with the `yaml` parser where the parsers may differ', () => {
    // js-yaml reads 1_000 as the YAML 1.1 integer; YAML 1.2 core, and so the `yaml` parser, reads a string.
    expect(readsBack('a: 1_000\n', { a: 1000 })).toBe(false);
    expect(readsBack('a: 1_000\n', { a: '1_000' })).toBe(true);
    expect(readsBack('a: 1000\n', { a: 1000 })).toBe(true);
  });
});
