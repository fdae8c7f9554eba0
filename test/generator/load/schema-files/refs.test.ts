import { describe, expect, it } from 'vitest';
import { findFragment, parseSchemaRef, pointerOf, type SchemaRef } from '../../../../generator/load/schema-files/refs.js';

describe('parseSchemaRef', () => {
  const file = (path: string, fragment = ''): SchemaRef => ({ kind: 'file', path, fragment });
  const cases: { name: string; given: [string, string]; want: SchemaRef | string }[] = [
    { name: 'local pointer', given: ['#/$defs/A', ''], want: { kind: 'local', fragment: '/$defs/A' } },
    { name: 'empty ref is the same document', given: ['', 'schemas'], want: { kind: 'local', fragment: '' } },
    { name: 'dot-relative file', given: ['./schemas/city.json', ''], want: file('schemas/city.json') },
    {
      name: 'plain relative file with pointer',
      given: ['schemas/city.yaml#/definitions/City', ''],
      want: file('schemas/city.yaml', '/definitions/City'),
    },
    {
      name: "relative to the holding file's folder",
      given: ['common.json#/$defs/X', 'schemas'],
      want: file('schemas/common.json', '/$defs/X'),
    },
    { name: 'up and back inside the folder', given: ['../shared/id.yml', 'schemas'], want: file('shared/id.yml') },
    { name: 'anchor fragment', given: ['a.json#node', ''], want: file('a.json', 'node') },
    { name: 'percent-encoded space', given: ['my%20schema.json', ''], want: file('my schema.json') },
    { name: 'extension in any case', given: ['A.JSON', ''], want: file('A.JSON') },
    { name: 'leaves the folder', given: ['../secret.json', ''], want: 'schema/file-outside' },
    { name: 'leaves it from a subfolder', given: ['../../secret.json', 'schemas'], want: 'schema/file-outside' },
    { name: 'leaves it through the middle', given: ['schemas/../../secret.json', ''], want: 'schema/file-outside' },
    { name: 'encoded dots leave it too', given: ['%2e%2e/secret.json', ''], want: 'schema/file-outside' },
    { name: 'absolute path', given: ['/etc/passwd.json', ''], want: 'schema/file-absolute' },
    { name: 'encoded absolute path', given: ['%2Fetc/x.json', ''], want: 'schema/file-absolute' },
    { name: 'Windows drive', given: ['C:\\schemas\\a.json', ''], want: 'schema/file-absolute' },
    { name: 'Windows drive, forward slash', given: ['c:/schemas/a.json', ''], want: 'schema/file-absolute' },
    { name: 'https URL', given: ['https://example.com/a.json', ''], want: 'schema/external-ref' },
    { name: 'http URL', given: ['http://127.0.0.1:9/a.json#/x', ''], want: 'schema/external-ref' },
    { name: 'file URL', given: ['file:///etc/passwd', ''], want: 'schema/external-ref' },
    { name: 'data URL', given: ['data:application/json,{}', ''], want: 'schema/external-ref' },
    { name: 'urn', given: ['urn:example:schema', ''], want: 'schema/external-ref' },
    { name: 'network-path reference', given: ['//evil.example/a.json', ''], want: 'schema/external-ref' },
    { name: 'backslash', given: ['schemas\\a.json', ''], want: 'schema/file-path' },
    { name: 'query', given: ['a.json?x=1', ''], want: 'schema/file-path' },
    { name: 'NUL byte, encoded', given: ['a%00.json', ''], want: 'schema/file-path' },
    { name: 'malformed escape', given: ['a%ZZ.json', ''], want: 'schema/file-path' },
    { name: 'folder', given: ['schemas/', ''], want: 'schema/file-path' },
    { name: 'the folder itself', given: ['.', ''], want: 'schema/file-path' },
    { name: 'not a schema file type', given: ['../../.ssh/id_rsa', 'a/b/c'], want: 'schema/file-type' },
    { name: 'no extension', given: ['schemas/city', ''], want: 'schema/file-type' },
    { name: 'JavaScript is not read', given: ['schema.js', ''], want: 'schema/file-type' },
  ];
  it.each(cases)('$name: $given.0', ({ given, want }) => {
    const got = parseSchemaRef(...given);
    if (typeof want === 'string') expect(got).toMatchObject({ kind: 'refused', code: want });
    else expect(got).toEqual(want);
  });

  it('every refusal says why and what to do', () => {
    for (const ref of ['../x.json', '/x.json', 'https://x/y.json', 'x\\y.json', 'x.txt']) {
      const got = parseSchemaRef(ref, '');
      expect(got.kind).toBe('refused');
      if (got.kind === 'refused') {
        expect(got.reason.length).toBeGreaterThan(5);
        expect(got.hint.length).toBeGreaterThan(5);
      }
    }
  });
});

describe('findFragment', () => {
  const doc = {
    $defs: { City: { type: 'string' }, 'a/b': { const: 1 }, 'm~n': { const: 2 } },
    prefixItems: [{ const: 0 }],
    properties: { x: { $anchor: 'here', type: 'integer' } },
    default: { $anchor: 'data' },
  };
  const cases: { name: string; given: string; want: unknown }[] = [
    { name: 'whole document', given: '', want: { path: [], node: doc } },
    { name: 'pointer', given: '/$defs/City', want: { path: ['$defs', 'City'], node: { type: 'string' } } },
    { name: '~1 is a slash', given: '/$defs/a~1b', want: { path: ['$defs', 'a/b'], node: { const: 1 } } },
    { name: '~0 is a tilde', given: '/$defs/m~0n', want: { path: ['$defs', 'm~n'], node: { const: 2 } } },
    { name: 'array index', given: '/prefixItems/0', want: { path: ['prefixItems', 0], node: { const: 0 } } },
    { name: 'percent-encoded', given: '/%24defs/City', want: { path: ['$defs', 'City'], node: { type: 'string' } } },
    { name: 'anchor', given: 'here', want: { path: ['properties', 'x'], node: { $anchor: 'here', type: 'integer' } } },
    { name: 'anchor inside data is not one', given: 'data', want: undefined },
    { name: 'missing key', given: '/$defs/Town', want: undefined },
    { name: 'index out of range', given: '/prefixItems/1', want: undefined },
    { name: 'inherited name', given: '/constructor', want: undefined },
    { name: 'malformed escape', given: '/%ZZ', want: undefined },
  ];
  it.each(cases)('$name: #$given', ({ given, want }) => {
    expect(findFragment(doc, given)).toEqual(want);
  });
});

describe('pointerOf', () => {
  it.each([
    [[], ''],
    [['$defs', 'City'], '/$defs/City'],
    [['a/b', 'm~n', 0], '/a~1b/m~0n/0'],
  ] as const)('%j -> %s', (given, want) => {
    expect(pointerOf(given)).toBe(want);
  });
});
