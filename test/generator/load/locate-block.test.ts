// The block locator answers only when it is sure: wherever it gives a position, the position-keeping `yaml`
// parser gives the same one. Checked over every path of every manifest in the repo and of random documents.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import jsyaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadWithPositions, type PathSegment } from '../../../generator/load/load-manifest.js';
import { blockLocator } from '../../../generator/load/locate-block.js';
import { mutatedManifest, seedManifests, structuredManifest } from '../../security/fuzz-arbitraries.js';

function allPaths(value: unknown, prefix: PathSegment[] = [], out: PathSegment[][] = []): PathSegment[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => allPaths(v, [...prefix, i], out));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) allPaths(v, [...prefix, k], out);
  return out;
}

/** Compares both locators on every path (plus a missing child of each); returns how many the block locator answered. */
function compare(source: string): { answered: number; asked: number } {
  const data = jsyaml.load(source, { schema: jsyaml.CORE_SCHEMA });
  const full = loadWithPositions('m.yaml', source);
  const fast = blockLocator(source);
  let answered = 0;
  let asked = 0;
  for (const path of allPaths(data)) {
    for (const probe of [path, [...path, 'missing_key'], [...path, 99]]) {
      for (const at of ['key', 'value'] as const) {
        asked++;
        const got = fast(probe, at);
        if (got === undefined) continue;
        answered++;
        expect({ path: probe, at, position: got }).toEqual({ path: probe, at, position: full.locate(probe, at) });
      }
    }
  }
  return { answered, asked };
}

function manifestsIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name) && !/node_modules|\.cache/.test(e.parentPath))
    .map((e) => join(e.parentPath, e.name));
}

describe('blockLocator agrees with the yaml parser', () => {
  const files = ['examples', 'test', 'templates'].flatMap(manifestsIn).filter((f) => {
    try {
      jsyaml.load(readFileSync(f, 'utf8'), { schema: jsyaml.CORE_SCHEMA });
      return true;
    } catch {
      return false; // broken on purpose: those never reach the fast path
    }
  });

  it('on every path of every manifest in the repo, answering almost all of them', () => {
    expect(files.length).toBeGreaterThan(20);
    let answered = 0;
    let asked = 0;
    for (const f of files) {
      const r = compare(readFileSync(f, 'utf8'));
      answered += r.answered;
      asked += r.asked;
    }
    expect(answered / asked).toBeGreaterThan(0.8);
  });

  // How much the block locator answers on its own: `all`, `some` (it gives the rest to the parser) or `none`.
  const cases: { name: string; source: string; answers: 'all' | 'some' | 'none' }[] = [
    { name: 'comments and blank lines between entries', source: 'a:\n  # note\n\n  b: 1\n  # end\nc: [1, 2]\n', answers: 'all' },
    { name: 'compact sequences of maps', source: 'list:\n- name: x\n  v: 1\n- name: y\n  sub:\n  - 1\n  - 2\nafter: 1\n', answers: 'all' },
    { name: 'indented sequences', source: 'list:\n  - a\n  -   b\n  -\n    c: 1\n', answers: 'all' },
    { name: 'nested sequences', source: 'm:\n  - - 1\n    - 2\n  - - 3\n', answers: 'all' },
    { name: 'quoted keys and values', source: '"a b": 1\n\'it\'\'s\': {x: 1}\n"q\\"k": "v: w"\n', answers: 'all' },
    { name: 'block scalars', source: 'd: |\n  line: one\n  - two\ne: >-\n  folded\nf: 1\n', answers: 'all' },
    { name: 'multi-line plain scalar', source: 'd: one\n  two three\ne:\n  f: a\n    b\n  g: 1\n', answers: 'all' },
    { name: 'CRLF line ends', source: 'a:\r\n  b: 1\r\n  c:\r\n  - 2\r\n', answers: 'all' },
    { name: 'keys that are not strings', source: '1: a\ntrue: b\nnull: c\n0x10: d\n', answers: 'some' },
    { name: 'anchors and tags', source: 'a: &x {b: 1}\nc: !!str 5\n', answers: 'some' },
    { name: 'flow collections over lines', source: 'a: {b: 1,\n  c: [1,\n  2]}\nd: 1\n', answers: 'all' },
    { name: 'empty values', source: 'a:\nb: 1\nc:\n  d:\n', answers: 'some' },
    { name: 'document marker', source: '---\na: 1\n', answers: 'none' },
    { name: 'a tag or anchor on the root', source: '!\n', answers: 'none' },
    { name: 'an anchored root map', source: '&root\na: 1\n', answers: 'none' },
    { name: 'an anchor on the line after its key', source: 'a: # note\n  &x\n  b: 1\nc: 2\n', answers: 'some' },
    {
      name: 'tabs as separators after colons and dashes',
      source: 'a:\t1\nb:\t{c: 2}\nd:\n  e\t:\t3\n  f:\n  -\tg\n  - h:\t5\n',
      answers: 'all',
    },
    { name: 'colon inside plain keys and values', source: 'a:b: 1\nurl: http://x:1/y\n', answers: 'all' },
  ];
  it.each(cases)('$name', ({ source, answers }) => {
    const { answered, asked } = compare(source);
    if (answers === 'all') expect(answered).toBe(asked);
    else if (answers === 'none') expect(answered).toBe(0);
    else expect(answered).toBeGreaterThan(0);
    if (answers === 'some') expect(answered).toBeLessThan(asked);
  });

  it('on random documents in every layout the yaml printer produces', () => {
    const key = fc.oneof(
      fc.constantFrom('a', 'b', 'name', 'type', '$ref', 'x-y', '1', 'true', '#c', 'a: b', "it's", '- d'),
      fc.string({ maxLength: 6 }),
    );
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null)),
        tie('map'),
        tie('list'),
      ),
      map: fc.dictionary(key, tie('tree'), { maxKeys: 4 }),
      list: fc.array(tie('tree'), { maxLength: 3 }),
    }));
    const layout = fc.record({ indent: fc.constantFrom(2, 4), indentSeq: fc.boolean(), lineWidth: fc.constantFrom(0, 20) });
    let answered = 0;
    let asked = 0;
    fc.assert(
      fc.property(fc.dictionary(key, tree, { minKeys: 1, maxKeys: 5 }), layout, (doc, options) => {
        const r = compare(stringify(doc, options));
        answered += r.answered;
        asked += r.asked;
      }),
      { numRuns: 300, seed: 20261121 },
    );
    expect(answered / asked).toBeGreaterThan(0.6);
  });

  it('on the fuzz corpus: mutated and structured manifests that js-yaml still reads', () => {
    const readable = (text: string) => {
      try {
        jsyaml.load(text, { schema: jsyaml.CORE_SCHEMA });
        return true;
      } catch {
        return false;
      }
    };
    let answered = 0;
    const texts = fc
      .oneof(
        mutatedManifest(seedManifests()).map((m) => m.text),
        structuredManifest,
      )
      .filter(readable);
    fc.assert(
      fc.property(texts, (text) => {
        answered += compare(text).answered;
      }),
      { numRuns: 150, seed: 20261121 },
    );
    expect(answered).toBeGreaterThan(0);
  });
});
