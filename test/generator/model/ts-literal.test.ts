// definitions.gen.ts is printed in the generated code's style and skips Biome at generate time. These tests run Biome
// itself (the GENERATED_STYLE) over what the printer wrote, and demand that it finds nothing to change.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emitProject } from '../../../generator/emit/index.js';
import { loadManifest, resolveSchemaFiles } from '../../../generator/load/index.js';
import { buildServerModel, formattedStatement, RawCode } from '../../../generator/model/index.js';
import { validateManifest } from '../../../generator/validate/index.js';
import { formatTypeScript, wrapDocComments } from '../../../generator/write/index.js';
import { PROPERTY_SEED, trickyString } from '../../support/tricky-strings.js';
import type { Manifest } from '../../../generator/core/index.js';

function biome(sources: string[]): string[] {
  const out = formatTypeScript(sources);
  if (typeof out === 'string') throw new Error(out);
  return out;
}

// Keys around Biome's short-key limit and the identifier rule; strings around the line limit.
const key = fc.oneof(
  fc.constantFrom('a', 'desc', 'descr', 'type', 'description', 'properties', 'a-b', 'x y', '1', '01', '$ref', '_x', 'class', 'é', ''),
  fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
  fc.nat({ max: 104 }).map((n) => `k${'e'.repeat(n)}`),
);
const text = fc.oneof(
  trickyString(8),
  fc.nat({ max: 130 }).map((n) => 'w'.repeat(n)),
  fc.tuple(fc.nat({ max: 120 }), fc.constantFrom("'", '"', "''\"", 'ü', '世', '😀')).map(([n, s]) => `${'v'.repeat(n)}${s}`),
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e21, 1.5e-7, 123456789012, true, false, null),
);
const { json } = fc.letrec((tie) => ({
  json: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('json'), { maxLength: 6 }),
  object: fc.dictionary(key, tie('json'), { maxKeys: 6 }),
}));

describe('formattedStatement', () => {
  it('prints values exactly as Biome formats them, or gives up', () => {
    const leads = ['export const x = ', 'export const op0000Tool: PublishedTool = ', `export const ${'l'.repeat(70)}: T = `];
    const values = fc.sample(fc.tuple(fc.constantFrom(...leads), json), { seed: PROPERTY_SEED, numRuns: 2500 });
    const hand: [string, unknown][] = [
      [
        leads[1]!,
        {
          enum: [
            { a: 1, b: 2 },
            { a: 3, b: 4 },
          ],
          arr: [
            [1, 2],
            [3, 4],
          ],
          one: [[1], [2]],
          mixed: [{ a: 1, b: 2 }, [1, 2]],
        },
      ],
      [leads[1]!, { descr: 'd'.repeat(110), desc: 'd'.repeat(120), 'a-b-c': 'q'.repeat(112), n: null, [`k${'e'.repeat(110)}`]: null }],
      [leads[1]!, { say: `it's "quoted" \\ \n \u2028 \u202E`, empty: {}, none: [], nested: [{}], __proto__: { a: 1 } }],
      [leads[0]!, [new RawCode('op0000Tool'), ...Array.from({ length: 20 }, (_, i) => new RawCode(`op${i}Tool`))]],
      [leads[0]!, { [`k${'e'.repeat(112)}`]: { a: 1 }, [`k${'e'.repeat(112)}x`]: true, [`k${'e'.repeat(116)}`]: 12 }],
    ];
    // An own property named __proto__ (object literal syntax above would set the prototype instead).
    Object.defineProperty(hand[2]![1], '__proto__', { value: { a: 1 }, enumerable: true, configurable: true, writable: true });
    const cases = [...hand, ...values];
    const printed = cases.map(([lead, value]) => formattedStatement(lead, value));
    const exact = printed.flatMap((p, i) => (p === undefined ? [] : [{ p: `${p}\n`, i }]));
    // The printer gives up only on rare shapes: almost every case is checked against Biome.
    expect(exact.length).toBeGreaterThan(cases.length * 0.8);
    for (const i of [0, 1, 2, 3, 4]) expect(printed[i]).toBeDefined();
    const out = biome(exact.map((e) => e.p));
    const differing = exact.flatMap((e, k) => (out[k] === e.p ? [] : [firstDifference(e.p, out[k]!)]));
    expect(differing.slice(0, 3)).toEqual([]);
  });
});

/** The first line where Biome differs, with the line before it. */
function firstDifference(printed: string, formatted: string): { printed: string[]; biome: string[] } {
  const a = printed.split('\n');
  const b = formatted.split('\n');
  let i = 0;
  while (a[i] === b[i]) i++;
  return { printed: a.slice(Math.max(0, i - 1), i + 2), biome: b.slice(Math.max(0, i - 1), i + 2) };
}

/** A manifest whose published definitions meet every rule: nested schemas, long and unusual text, empty members. */
function manifest(tools: number): Manifest {
  const long = 'A description longer than one line of generated code, which goes on and on, with "quotes" and it\'s done. ';
  const out: Record<string, unknown> = {};
  for (let i = 0; i < tools; i++) {
    out[`tool_${i}`] = {
      title: i % 3 ? `Tool ${i}` : `Werkzeug ${i}: Größe ü 世界 😀`,
      description: long.repeat((i % 3) + 1).trim(),
      annotations: { readOnlyHint: i % 2 === 0, openWorldHint: false },
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', minLength: 1, maxLength: 10 ** (i % 7), description: `Query ${"'".repeat(i % 3)}"${i}` },
          ratio: { type: 'number', minimum: -1.5e-7, maximum: 1e21, default: 0.25, multipleOf: 0.001 },
          choice: { enum: ['a', "b'", 'c"', 'd\\e', 1, null, true], description: 'x'.repeat(100 + (i % 20)) },
          nested: {
            type: 'object',
            properties: {
              deeper: { type: 'array', items: { type: 'object', properties: {}, additionalProperties: false }, default: [] },
              [`long_property_name_${'p'.repeat(i % 60)}`]: { type: 'string', description: 'é'.repeat(i % 90) },
              'odd-key with spaces': {
                type: 'object',
                default: {},
                examples: [
                  { a: 1, b: [1, 2] },
                  { a: 2, b: [] },
                ],
              },
            },
            required: ['deeper'],
          },
        },
        required: ['query'],
      },
      outputSchema: {
        type: 'object',
        properties: { items: { type: 'array', items: { type: 'integer' }, maxItems: 1000 } },
      },
    };
  }
  return {
    version: 1,
    server: { name: 'pre-formatted', version: '1.0.0', description: 'Checks "preformatted" output', instructions: "Use 'them' well." },
    tools: out,
    resources: { 'readme-resource': { uri: 'docs://readme', description: 'd'.repeat(130), text: 'hi', mimeType: 'text/plain' } },
    prompts: {
      summarize: {
        description: 'Summarize',
        arguments: [{ name: 'topic', description: 'The topic', required: true }],
        messages: [{ role: 'user', text: 'About {{topic}}' }],
      },
    },
  } as unknown as Manifest;
}

describe('definitions.gen.ts', () => {
  it('is emitted in the generated style, so the write stage leaves it to no formatter', async () => {
    const { stringify } = await import('yaml');
    const loaded = resolveSchemaFiles(loadManifest('/virtual/mcp.yaml', stringify(manifest(120), { lineWidth: 0 })));
    const errors = validateManifest(loaded).filter((i) => i.severity === 'error');
    expect(errors).toEqual([]);
    const model = await buildServerModel(loaded.data as Manifest, { manifestPath: '/virtual/mcp.yaml', outDir: '/virtual' });
    const file = emitProject(model).get('src/generated/definitions.gen.ts')!;
    expect(file.preformatted).toBe(true);
    expect(file.content).toContain("'odd-key with spaces': {");
    const [out] = biome([file.content]);
    // The write stage wraps long doc comments after Biome; the emitted file already has them wrapped.
    expect(wrapDocComments(out!) === file.content).toBe(true);
  });
});
