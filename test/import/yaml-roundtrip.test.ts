// Every YAML text mcp-gen prints (import's manifest writer, --merge, fmt) reads back as exactly the data it was
// printed from, with both parsers the loader uses: property tests over random strings in every place a manifest
// holds text (descriptions, titles, keys, enum values, import notes), and the cases that once went wrong.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import jsyaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formatManifest } from '../../generator/fmt/format-manifest.js';
import { manifestYaml } from '../../generator/import/manifest-writer.js';
import { mergeManifest } from '../../generator/import/merge-manifest.js';
import { loadManifest, loadWithPositions } from '../../generator/load/load-manifest.js';
import { PROPERTY_SEED, trickyString } from '../support/tricky-strings.js';

const RUNS = Number(process.env.YAML_PROPERTY_RUNS ?? 300);

/** A manifest carrying `s` (and `t`) wherever a manifest holds free text. */
function manifestWith(s: string, t: string): Record<string, unknown> {
  return {
    version: 1,
    server: { name: 'x', version: '1.0.0', description: s, instructions: t },
    tools: {
      [`tool ${t}`]: {
        title: t,
        description: s,
        inputSchema: {
          type: 'object',
          properties: { [s]: { type: 'string', description: t, enum: [s, t, ''] }, n: { type: 'integer', default: 1 } },
        },
        annotations: { title: s, readOnlyHint: true },
        _meta: { [t]: [s, { [s]: t }] },
      },
    },
    prompts: { p: { description: t, arguments: [{ name: 'a', title: s, description: t }] } },
  };
}

/** Both of the loader's readings, and the `yaml` and js-yaml parsers on their own, give exactly `want`. */
function expectReadsBack(text: string, want: unknown): void {
  const shown = JSON.stringify(text);
  expect(isDeepStrictEqual(loadManifest('mcp.yaml', text).data, want), `fast path: ${shown}`).toBe(true);
  expect(isDeepStrictEqual(loadWithPositions('mcp.yaml', text).data, want), `yaml: ${shown}`).toBe(true);
  expect(isDeepStrictEqual(parse(text), want), `yaml parse: ${shown}`).toBe(true);
  expect(isDeepStrictEqual(jsyaml.load(text, { schema: jsyaml.CORE_SCHEMA }), want), `js-yaml: ${shown}`).toBe(true);
}

describe('printed YAML reads back equal', () => {
  it('import writer, with notes', () => {
    fc.assert(
      fc.property(trickyString(60), trickyString(8), (s, t) => {
        const m = manifestWith(s, t);
        const text = manifestYaml(m, { header: ['imported', t], notes: new Map([[`tools/tool ${t}`, [s, t]]]) });
        expectReadsBack(text, m);
      }),
      { numRuns: RUNS, seed: PROPERTY_SEED },
    );
  });

  it('--merge into an existing manifest', () => {
    fc.assert(
      fc.property(trickyString(60), trickyString(8), (s, t) => {
        const existing = 'version: 1\n# reviewed\nserver: {name: x, version: 1.0.0}\ntools:\n  kept: {description: "as it was"}\n';
        const incoming = manifestWith(s, t);
        const merged = mergeManifest(existing, incoming, new Map([[`tools/tool ${t}`, [s]]]))!;
        const want = {
          version: 1,
          server: { name: 'x', version: '1.0.0' },
          tools: { kept: { description: 'as it was' }, ...(incoming.tools as object) },
          prompts: incoming.prompts,
        };
        expectReadsBack(merged.text, want);
      }),
      { numRuns: RUNS, seed: PROPERTY_SEED },
    );
  });

  it('fmt, from text in every style the printer may choose', () => {
    fc.assert(
      fc.property(trickyString(60), trickyString(8), (s, t) => {
        const m = manifestWith(s, t);
        for (const source of [JSON.stringify(m, null, 2), jsyaml.dump(m, { lineWidth: 30 }), manifestYaml(m, { header: [] })]) {
          const r = formatManifest(source);
          expect(r.ok).toBe(true);
          if (r.ok) expectReadsBack(r.text, m);
        }
      }),
      { numRuns: Math.ceil(RUNS / 3), seed: PROPERTY_SEED },
    );
  });

  const cases: { name: string; given: string }[] = [
    { name: 'a line with a single space between paragraphs', given: 'Fetch the data from the upstream service.\n \n**Best for** lookups' },
    { name: 'trailing spaces and a tab before line breaks', given: 'a  \nb\t\nc' },
    { name: 'whitespace-only text', given: ' \n\t\n ' },
    { name: 'CRLF and a lone CR', given: 'a\r\nb\rc' },
    { name: 'Unicode line and paragraph separators', given: 'a\u2028b\u2029c\u0085d' },
    { name: 'lone surrogates', given: 'high \uD800 low \uDC00' },
    { name: 'leading and trailing blank lines', given: '\n\nmiddle\n\n' },
    { name: 'a long line with escapes after column 80', given: `${'word '.repeat(30)}\\ "quoted" \\n` },
  ];
  it.each(cases)('$name', ({ given }) => {
    const m = manifestWith(given, given);
    const imported = manifestYaml(m, { header: [] });
    expectReadsBack(imported, m);
    const formatted = formatManifest(imported);
    expect(formatted.ok && formatted.text).toBe(imported);
    // fmt keeps each string's style where it can: from JSON, double quotes, which the printer folds over lines.
    const fromJson = formatManifest(JSON.stringify(m, null, 2));
    expect(fromJson.ok).toBe(true);
    if (fromJson.ok) expectReadsBack(fromJson.text, m);
  });
});
