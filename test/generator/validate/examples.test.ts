import { describe, expect, it } from 'vitest';
import { buildExamplesModel } from '../../../generator/model/examples-model.js';
import { checkExamples, templateMatches } from '../../../generator/validate/examples.js';
import { parseIgnorePath, resolveIgnorePath } from '../../../generator/validate/example-paths.js';
import { examplesMarkdown } from '../../../generator/model/examples-markdown.js';
import type { Manifest, Tool } from '../../../generator/core/manifest-types.js';

const manifest = (extra: Partial<Manifest>): Manifest => ({ version: 1, server: { name: 's', version: '1' }, ...extra });
const codes = (findings: { code: string; path: (string | number)[] }[]) => findings.map((f) => `${f.code} ${f.path.join('.')}`);

const forecast: Tool = {
  inputSchema: {
    type: 'object',
    properties: { city: { $ref: '#/definitions/City' }, days: { type: 'integer', minimum: 1, maximum: 7 } },
    required: ['city'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, when: { type: 'string', format: 'date' } },
    required: ['city'],
  },
};
const withExamples = (examples: Tool['examples'], tool: Tool = forecast): Partial<Manifest> => ({
  definitions: { City: { type: 'string', minLength: 1 } },
  tools: { get_forecast: { ...tool, examples } },
});

describe('checkExamples', () => {
  const cases: { name: string; given: Partial<Manifest>; want: string[] }[] = [
    { name: 'no examples', given: { tools: { t: {} } }, want: [] },
    {
      name: 'a call and its answer that fit the schemas',
      given: withExamples({
        ok: {
          input: { city: 'Lima', days: 2 },
          output: { structuredContent: { city: 'Lima', when: '2026-01-01' } },
          ignore: ['structuredContent.when'],
        },
      }),
      want: [],
    },
    {
      name: 'input violating a shared definition, a bound and additionalProperties',
      given: withExamples({ bad: { input: { city: '', days: 9, unit: 'x' } } }),
      want: [
        'example/invalid-input tools.get_forecast.examples.bad.input.unit',
        'example/invalid-input tools.get_forecast.examples.bad.input.city',
        'example/invalid-input tools.get_forecast.examples.bad.input.days',
      ],
    },
    {
      name: 'no input where one is required',
      given: withExamples({ empty: {} }),
      want: ['example/invalid-input tools.get_forecast.examples.empty.input'],
    },
    {
      name: 'structuredContent of the wrong type and format',
      given: withExamples({ bad: { input: { city: 'Lima' }, output: { structuredContent: { city: 3, when: 'soon' } } } }),
      want: [
        'example/invalid-output tools.get_forecast.examples.bad.output.structuredContent.city',
        'example/invalid-output tools.get_forecast.examples.bad.output.structuredContent.when',
      ],
    },
    {
      name: 'error results are not checked against the outputSchema',
      given: withExamples({
        err: { input: { city: 'Atlantis' }, output: { isError: true, structuredContent: { reason: 1 }, messagePattern: '^No forecast' } },
      }),
      want: [],
    },
    {
      name: 'a messagePattern without isError, and one that does not compile',
      given: withExamples({ p: { input: { city: 'A' }, output: { messagePattern: '(open' } } }),
      want: [
        'example/pattern-without-error tools.get_forecast.examples.p.output.messagePattern',
        'example/bad-pattern tools.get_forecast.examples.p.output.messagePattern',
      ],
    },
    {
      name: 'incomplete content blocks',
      given: withExamples({
        c: {
          input: { city: 'A' },
          output: { content: [{ type: 'text', text: 'ok' }, { type: 'image' }, { type: 'resource', resource: { uri: 'x://a' } }] },
        },
      }),
      want: [
        'example/content tools.get_forecast.examples.c.output.content.1',
        'example/content tools.get_forecast.examples.c.output.content.2',
      ],
    },
    {
      name: 'ignore paths that are malformed or reach nothing',
      given: withExamples({
        i: {
          input: { city: 'A' },
          output: { structuredContent: { city: 'A' } },
          ignore: ['structuredContent.city', 'structuredContent.when', 'a..b', 'content[x]'],
        },
      }),
      want: [
        'example/ignore-unmatched tools.get_forecast.examples.i.ignore.1',
        'example/bad-ignore tools.get_forecast.examples.i.ignore.2',
        'example/bad-ignore tools.get_forecast.examples.i.ignore.3',
      ],
    },
    {
      name: 'a draft-07 schema is validated as draft-07',
      given: withExamples(
        { d: { input: { n: 5 } } },
        {
          inputSchema: {
            $schema: 'http://json-schema.org/draft-07/schema#',
            type: 'object',
            properties: { n: { type: 'integer', exclusiveMaximum: 5 } },
          },
        },
      ),
      want: ['example/invalid-input tools.get_forecast.examples.d.input.n'],
    },
    {
      name: 'template examples must match the template; contents need text or blob',
      given: {
        resourceTemplates: {
          item: {
            uriTemplate: 'app://items/{id}{?v}',
            examples: {
              one: { uri: 'app://items/1', output: { contents: [{ text: 'a' }] } },
              query: { uri: 'app://items/1?v=2', output: { contents: [{ blob: 'aGk=' }] } },
              other: { uri: 'app://things/1', output: { contents: [{ text: 'a', blob: 'aGk=' }] } },
            },
          },
        },
      },
      want: [
        'example/uri-mismatch resourceTemplates.item.examples.other.uri',
        'example/contents resourceTemplates.item.examples.other.output.contents.0',
      ],
    },
    {
      name: 'prompt examples name declared arguments and give the required ones',
      given: {
        prompts: {
          p: {
            arguments: [{ name: 'city', required: true }, { name: 'days' }],
            examples: {
              ok: { input: { city: 'Paris' }, output: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] } },
              bad: { input: { town: 'Paris' }, output: { messages: [{ role: 'user', content: { type: 'audio', data: 'aGk=' } }] } },
            },
          },
        },
      },
      want: [
        'example/unknown-argument prompts.p.examples.bad.input.town',
        'example/missing-argument prompts.p.examples.bad.input',
        'example/content prompts.p.examples.bad.output.messages.0.content',
      ],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(codes(checkExamples(manifest(given)))).toEqual(want);
  });

  it('says what is wrong in the words of the schema', () => {
    const [finding] = checkExamples(manifest(withExamples({ bad: { input: { city: 'Lima', days: 0 } } })));
    expect(finding.message).toBe('input does not fit inputSchema: must be >= 1');
  });
});

describe('ignore paths', () => {
  const cases: { given: string; want: (string | number)[] | undefined }[] = [
    { given: 'structuredContent.days[*].date', want: ['structuredContent', 'days', '*', 'date'] },
    { given: 'content[0].text', want: ['content', 0, 'text'] },
    { given: 'a.*.b', want: ['a', '*', 'b'] },
    { given: 'a..b', want: undefined },
    { given: '.a', want: undefined },
    { given: 'a.', want: undefined },
    { given: 'a[x]', want: undefined },
    { given: '', want: undefined },
  ];
  it.each(cases)('parses $given', ({ given, want }) => {
    expect(parseIgnorePath(given)).toEqual(want);
  });

  it('resolves wildcards over arrays and maps', () => {
    const value = { days: [{ date: 1 }, { date: 2 }, { other: 3 }], m: { a: { x: 1 }, b: { x: 2 } } };
    expect(resolveIgnorePath(value, parseIgnorePath('days[*].date')!)).toEqual([
      ['days', 0, 'date'],
      ['days', 1, 'date'],
    ]);
    expect(resolveIgnorePath(value, parseIgnorePath('m.*.x')!)).toEqual([
      ['m', 'a', 'x'],
      ['m', 'b', 'x'],
    ]);
    expect(resolveIgnorePath(value, parseIgnorePath('days[5]')!)).toEqual([]);
  });
});

// Example URIs are judged by the generated server's own matcher: what validate accepts is what the server reads.
describe('templateMatches', () => {
  const cases = [
    { template: 'weather://{city}/current', uri: 'weather://Lima/current', want: true },
    { template: 'weather://{city}/current', uri: 'weather://Lima/past', want: false },
    { template: 'file:///{+path}', uri: 'file:///a/b/c.txt', want: true },
    { template: 'a://x.y/{id}', uri: 'a://xzy/1', want: false },
    { template: 'x://s{?q}', uri: 'x://s?q=1', want: true },
    { template: 'x://s{?q}', uri: 'x://s', want: true },
    { template: 'x://s{?q}', uri: 'x://s?q=1&r=2', want: false },
    { template: 'x://s{?q}', uri: 'x://s?q=1&q=2', want: false },
    { template: 'x://{id}', uri: 'x://a/b', want: false },
    { template: 'x://{id}', uri: 'x://a%2', want: false },
    { template: 'docs://tree{/path*}', uri: 'docs://tree/a/b', want: true },
    { template: 'x://{name:3}', uri: 'x://abc', want: true },
  ];
  it.each(cases)('$template ~ $uri: $want', ({ template, uri, want }) => {
    expect(templateMatches(template, uri)).toBe(want);
  });
});

describe('buildExamplesModel', () => {
  it('lists examples per kind and entry, in manifest order, with defaults filled in', () => {
    const model = buildExamplesModel(
      manifest({
        tools: {
          a: { examples: { second: { output: { isError: true } }, first: { input: { x: 1 }, ignore: ['content[0].text'] } } },
          b: {},
        },
        resourceTemplates: { t: { uriTemplate: 'x://{id}', examples: { one: { uri: 'x://1', output: { contents: [{ text: 'a' }] } } } } },
        prompts: { p: { examples: { e: { output: { messages: [] } } } } },
      }),
    );
    expect(model.exampleCount).toBe(4);
    expect(JSON.parse(model.examplesJson)).toEqual({
      tools: {
        a: [
          { name: 'second', output: { isError: true }, input: {}, ignore: [] },
          { name: 'first', input: { x: 1 }, ignore: ['content[0].text'] },
        ],
      },
      resources: {},
      resourceTemplates: { t: [{ name: 'one', uri: 'x://1', output: { contents: [{ text: 'a' }] }, variables: { id: '1' }, ignore: [] }] },
      prompts: { p: [{ name: 'e', output: { messages: [] }, input: {}, ignore: [] }] },
    });
  });

  it('keeps a __proto__ key as data', () => {
    const model = buildExamplesModel(manifest({ tools: { a: { examples: { e: { input: JSON.parse('{"__proto__": {"x": 1}}') } } } } }));
    expect(model.examplesJson).toContain('["__proto__"]: {');
  });
});

describe('examplesMarkdown', () => {
  it('shows each example call and answer, errors by their pattern', () => {
    const lines = examplesMarkdown('tools', {
      examples: {
        tokyo: {
          description: 'Two days.',
          input: { city: 'Tokyo' },
          output: { structuredContent: { city: 'Tokyo' } },
          ignore: ['structuredContent.date'],
        },
        unknown_city: { input: { city: 'Atlantis' }, output: { isError: true, messagePattern: '^No forecast' } },
      },
    });
    expect(lines.join('\n')).toBe(
      [
        '',
        '**Examples:**',
        '',
        '*tokyo* — Two days.',
        '',
        'Arguments:',
        '',
        '```json',
        '{\n  "city": "Tokyo"\n}',
        '```',
        '',
        'Answer:',
        '',
        '```json',
        '{\n  "structuredContent": {\n    "city": "Tokyo"\n  }\n}',
        '```',
        '',
        'Varies between calls: `structuredContent.date`.',
        '',
        '*unknown\\_city*',
        '',
        'Arguments:',
        '',
        '```json',
        '{\n  "city": "Atlantis"\n}',
        '```',
        '',
        'Answer: a tool error matching `/^No forecast/`.',
      ].join('\n'),
    );
  });

  it('is empty without examples, and shows a template read by its URI', () => {
    expect(examplesMarkdown('tools', {})).toEqual([]);
    expect(
      examplesMarkdown('resourceTemplates', { examples: { lima: { uri: 'w://Lima', output: { contents: [{ text: 'fog' }] } } } }),
    ).toContain('Read `w://Lima`');
  });
});
