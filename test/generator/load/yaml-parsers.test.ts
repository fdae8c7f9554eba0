// load-manifest reads clean text with js-yaml and everything else with the `yaml` parser: the two must give the same
// value for every text the fast path takes, or a manifest would mean one thing to validate and another once an
// issue makes the loader re-read it. Checked on the fuzz corpus and on random strings in every scalar style.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import jsyaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { parseDocument, stringify } from 'yaml';
import { loadManifest, loadWithPositions, parsersMayDiffer } from '../../../generator/load/load-manifest.js';
import { mutatedManifest, seedManifests, structuredManifest } from '../../security/fuzz-arbitraries.js';
import { PROPERTY_SEED, trickyString } from '../../support/tricky-strings.js';

const RUNS = Number(process.env.YAML_PROPERTY_RUNS ?? 500);

/** Both raw readings, or undefined when either parser refuses the text. */
function bothRead(text: string): { js: unknown; yaml: unknown } | undefined {
  const doc = parseDocument(text, { uniqueKeys: true, strict: true });
  if (doc.errors.length) return undefined;
  let js: unknown;
  try {
    js = jsyaml.load(text, { schema: jsyaml.CORE_SCHEMA }) ?? null;
  } catch {
    return undefined;
  }
  try {
    return { js, yaml: doc.toJS({ maxAliasCount: 100 }) };
  } catch {
    return undefined;
  }
}

/** The property: on text the fast path reads, the parsers agree, and the loader's data equals the reference's. */
function agree(text: string): void {
  const read = bothRead(text);
  if (!read) return;
  // isDeepStrictEqual rather than toStrictEqual: a key named `constructor` is data here, not a class.
  if (!parsersMayDiffer(text))
    expect(
      isDeepStrictEqual(read.js, read.yaml),
      `${JSON.stringify(text)}: ${JSON.stringify(read.js)} vs ${JSON.stringify(read.yaml)}`,
    ).toBe(true);
  const reference = loadWithPositions('mcp.yaml', text);
  if (reference.issues.length === 0)
    expect(isDeepStrictEqual(loadManifest('mcp.yaml', text).data, reference.data), JSON.stringify(text)).toBe(true);
}

/** One string written in each YAML scalar style, as a value and as a key. */
function styles(s: string): string[] {
  const indented = (t: string) => t.replace(/\n/g, '\n  ');
  return [
    `d: "${s.replace(/"/g, '\\"')}"\n`,
    `d: '${s.replace(/'/g, "''")}'\n`,
    `d: x${s}\n`,
    `d: |-\n  ${indented(s)}\n`,
    `d: >-\n  ${indented(s)}\n`,
    `? "${s.replace(/"/g, '\\"')}"\n: 1\n`,
    `- [a, "${s.replace(/"/g, '\\"')}", '${s.replace(/'/g, "''")}']\n`,
    stringify({ d: s, list: [s], nested: { [s]: s } }),
    stringify({ d: s }, { lineWidth: 20 }),
    jsyaml.dump({ d: s, nested: { k: s } }, { lineWidth: 20 }),
  ];
}

describe('js-yaml and yaml read the same values on every text the fast path takes', () => {
  it('the fuzz corpus: structured manifests', () => {
    fc.assert(fc.property(structuredManifest, agree), { numRuns: RUNS, seed: PROPERTY_SEED });
  });

  it('the fuzz corpus: mutations of the checked-in manifests', () => {
    fc.assert(
      fc.property(mutatedManifest(seedManifests()), ({ text }) => agree(text)),
      { numRuns: RUNS, seed: PROPERTY_SEED },
    );
  });

  it('random strings in every scalar style', () => {
    fc.assert(
      fc.property(trickyString(), (s) => styles(s).forEach(agree)),
      { numRuns: RUNS, seed: PROPERTY_SEED },
    );
  });

  // The cases that set the rule in parsersMayDiffer, each read differently by the two parsers.
  const cases: { name: string; given: string; want: unknown }[] = [
    { name: 'a space before a folded break (js-yaml keeps it)', given: 'd: "data. \n  more"\n', want: { d: 'data. more' } },
    { name: 'a tab before a folded break (js-yaml keeps it)', given: 'd: "a\t\n  b"\n', want: { d: 'a b' } },
    { name: 'a lone CR inside quotes (js-yaml folds it)', given: 'd: "x\r  y"\n', want: { d: 'x\r  y' } },
    { name: 'escaped line breaks around an empty line', given: 'd: "a\\\n\n b"\n', want: { d: 'a b' } },
    { name: 'a YAML 1.1 number (js-yaml reads 1000)', given: 'd: 1_000\n', want: { d: '1_000' } },
    { name: 'a signed float without a leading digit', given: 'd: +.5\n', want: { d: 0.5 } },
    { name: 'the integer -0 (js-yaml reads 0)', given: 'd: -0\n', want: { d: -0 } },
    { name: 'an empty node tagged !', given: 'd: !\n', want: { d: '' } },
    { name: 'a null key', given: '~: a\n', want: { '': 'a' } },
    { name: 'a sequence as a key', given: '[a]: 1\n', want: { '[ a ]': 1 } },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const read = bothRead(given)!;
    expect(isDeepStrictEqual(read.js, read.yaml)).toBe(false);
    expect(parsersMayDiffer(given)).toBe(true);
    expect(read.yaml).toStrictEqual(want);
    expect(loadManifest('mcp.yaml', given)).toMatchObject({ data: want, issues: [] });
  });

  it('clean text still takes the fast path', () => {
    expect(parsersMayDiffer('version: 1\nserver:\n  name: x\n  description: "a\\n b"\n')).toBe(false);
  });
});
