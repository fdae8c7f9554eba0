import { describe, expect, it } from 'vitest';
import { jsonError, parseSchemaFile } from '../../../../generator/load/schema-files/parse.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('parseSchemaFile', () => {
  const ok: { name: string; given: [string, string]; want: unknown }[] = [
    { name: 'JSON', given: ['a.json', '{"type": "string"}'], want: { type: 'string' } },
    { name: 'YAML', given: ['a.yaml', 'type: string\nminLength: 1\n'], want: { type: 'string', minLength: 1 } },
    { name: 'yml', given: ['a.yml', '{type: integer}'], want: { type: 'integer' } },
    { name: 'a byte order mark is dropped', given: ['a.json', '\uFEFF{"type": "null"}'], want: { type: 'null' } },
    { name: 'YAML 1.2 core: yes is a string', given: ['a.yaml', 'const: yes\n'], want: { const: 'yes' } },
    {
      name: '__proto__ is a plain key',
      given: ['a.json', '{"properties": {"__proto__": {"type": "string"}}}'],
      want: JSON.parse('{"properties": {"__proto__": {"type": "string"}}}'),
    },
  ];
  it.each(ok)('$name', ({ given, want }) => {
    const got = parseSchemaFile(given[0], bytes(given[1]));
    expect(got.ok).toBe(true);
    if (got.ok) expect(got.data).toEqual(want);
  });

  const bad: { name: string; given: [string, string | Uint8Array]; want: { reason: RegExp; line?: number; column?: number } }[] = [
    {
      name: 'JSON trailing comma',
      given: ['a.json', '{\n  "type": "object",\n}\n'],
      want: { reason: /^is not valid JSON: Expected double-quoted property name$/, line: 3, column: 1 },
    },
    {
      name: 'JSON missing value, long file',
      given: ['a.json', `{\n  "description": "${'x'.repeat(40)}",\n  "default": }\n`],
      want: { reason: /^is not valid JSON: Unexpected token '\}'$/, line: 3, column: 14 },
    },
    { name: 'JSON is not YAML', given: ['a.json', 'type: string\n'], want: { reason: /^is not valid JSON/ } },
    { name: 'empty JSON', given: ['a.json', ''], want: { reason: /^is not valid JSON: Unexpected end of JSON input$/ } },
    { name: 'YAML syntax', given: ['a.yaml', 'type: [string\n'], want: { reason: /^is not valid YAML: /, line: 1, column: 7 } },
    {
      name: 'YAML duplicate key',
      given: ['a.yaml', 'type: string\ntype: integer\n'],
      want: { reason: /^is not valid YAML: duplicate key/, line: 2, column: 1 },
    },
    { name: 'not UTF-8', given: ['a.json', new Uint8Array([0x7b, 0xff, 0x7d])], want: { reason: /^is not UTF-8 text$/ } },
  ];
  it.each(bad)('$name', ({ given, want }) => {
    const got = parseSchemaFile(given[0], typeof given[1] === 'string' ? bytes(given[1]) : given[1]);
    expect(got.ok).toBe(false);
    if (!got.ok) {
      expect(got.reason).toMatch(want.reason);
      expect(got.line).toBe(want.line);
      expect(got.column).toBe(want.column);
    }
  });

  it('refuses characters reviewers cannot see, as in the manifest, at their position', () => {
    const tag = String.fromCodePoint(0xe0041);
    const cases: [string, string, number, number][] = [
      ['a.json', `{\n  "description": "City.${tag}${tag}"\n}\n`, 2, 24],
      ['a.yaml', 'type: string\ndescription: Reads \u202eit\n', 2, 20],
    ];
    for (const [file, text, line, column] of cases) {
      const got = parseSchemaFile(file, bytes(text));
      expect(got).toMatchObject({ ok: false, code: 'text/hidden-character', line, column });
      expect(!got.ok && got.reason).toMatch(/^has hidden text: /);
    }
    expect(parseSchemaFile('a.json', bytes('{"description": "Reads \\u202Eit \\uDB40\\uDC41"}')).ok).toBe(true);
  });

  it('locates paths inside the file, for messages', () => {
    const got = parseSchemaFile('a.json', bytes('{\n  "properties": {\n    "x": {"type": "strng"}\n  }\n}\n'));
    expect(got.ok && got.locate(['properties', 'x', 'type'])).toEqual({ line: 3, column: 19 });
  });
});

describe('jsonError', () => {
  it('drops the excerpt V8 quotes, keeping the message readable on one line', () => {
    const text = '{"a": }';
    let message = '';
    try {
      JSON.parse(text);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(jsonError(message, text).reason).not.toContain('\n');
    expect(jsonError(message, text).reason).toMatch(/^Unexpected token/);
  });
});
