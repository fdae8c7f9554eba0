import { describe, expect, it } from 'vitest';
import { camelCase, fileBase, pascalCase, TOOL_NAME_PATTERN, words } from '../../../generator/core/naming.js';
import { checkNames } from '../../../generator/validate/names.js';

interface Want {
  words: string[];
  camel: string;
  pascal: string;
  file: string;
}

const cases: { name: string; given: string; want: Want }[] = [
  {
    name: 'snake case',
    given: 'get_forecast',
    want: { words: ['get', 'forecast'], camel: 'getForecast', pascal: 'GetForecast', file: 'get_forecast' },
  },
  {
    name: 'acronym then dashes',
    given: 'API-get-user',
    want: { words: ['api', 'get', 'user'], camel: 'apiGetUser', pascal: 'ApiGetUser', file: 'api_get_user' },
  },
  {
    name: 'acronym inside camel case',
    given: 'getHTTPResponse',
    want: { words: ['get', 'http', 'response'], camel: 'getHttpResponse', pascal: 'GetHttpResponse', file: 'get_http_response' },
  },
  {
    name: 'leading acronym',
    given: 'XMLHttpRequest',
    want: { words: ['xml', 'http', 'request'], camel: 'xmlHttpRequest', pascal: 'XmlHttpRequest', file: 'xml_http_request' },
  },
  {
    name: 'dots and a digit',
    given: 'v2.items.list',
    want: { words: ['v2', 'items', 'list'], camel: 'v2ItemsList', pascal: 'V2ItemsList', file: 'v2_items_list' },
  },
  {
    name: 'leading digit gets an underscore',
    given: '3d_render',
    want: { words: ['3d', 'render'], camel: '_3dRender', pascal: '_3dRender', file: '3d_render' },
  },
  { name: 'only a digit', given: '2', want: { words: ['2'], camel: '_2', pascal: '_2', file: '2' } },
  { name: 'reserved word delete', given: 'delete', want: { words: ['delete'], camel: 'delete_', pascal: 'Delete', file: 'delete' } },
  { name: 'reserved word class', given: 'class', want: { words: ['class'], camel: 'class_', pascal: 'Class', file: 'class' } },
  { name: 'reserved after lower-casing', given: 'IN', want: { words: ['in'], camel: 'in_', pascal: 'In', file: 'in' } },
  {
    name: 'global undefined',
    given: 'undefined',
    want: { words: ['undefined'], camel: 'undefined_', pascal: 'Undefined', file: 'undefined' },
  },
  {
    name: 'not a reserved word once lower-cased',
    given: 'Infinity',
    want: { words: ['infinity'], camel: 'infinity', pascal: 'Infinity', file: 'infinity' },
  },
  { name: '__proto__', given: '__proto__', want: { words: ['proto'], camel: 'proto', pascal: 'Proto', file: 'proto' } },
  { name: 'no letters or digits', given: '--', want: { words: [], camel: '', pascal: '', file: '' } },
  { name: 'only underscore', given: '_', want: { words: [], camel: '', pascal: '', file: '' } },
  { name: 'empty', given: '', want: { words: [], camel: '', pascal: '', file: '' } },
  { name: 'double dot', given: 'a..b', want: { words: ['a', 'b'], camel: 'aB', pascal: 'AB', file: 'a_b' } },
  { name: 'single-letter words', given: 'x-y-Z', want: { words: ['x', 'y', 'z'], camel: 'xYZ', pascal: 'XYZ', file: 'x_y_z' } },
  // Non-ASCII letters are separators: identifiers and file names stay ASCII.
  { name: 'accented letter splits a word', given: 'naïve', want: { words: ['na', 've'], camel: 'naVe', pascal: 'NaVe', file: 'na_ve' } },
  {
    name: 'accented letter at a word end',
    given: 'café_menu',
    want: { words: ['caf', 'menu'], camel: 'cafMenu', pascal: 'CafMenu', file: 'caf_menu' },
  },
  { name: 'no ASCII at all', given: '日本', want: { words: [], camel: '', pascal: '', file: '' } },
];

describe('words / camelCase / pascalCase / fileBase', () => {
  it.each(cases)('$name: $given', ({ given, want }) => {
    expect({ words: words(given), camel: camelCase(given), pascal: pascalCase(given), file: fileBase(given) }).toEqual(want);
  });
});

describe('fileBase folds case and punctuation', () => {
  const groups: { name: string; given: string[]; want: string }[] = [
    {
      name: 'snake, camel, kebab, dotted',
      given: ['get_forecast', 'getForecast', 'get-forecast', 'Get.Forecast', 'GET_FORECAST'],
      want: 'get_forecast',
    },
    { name: 'accents fold to the same base', given: ['café', 'cafè', 'caf'], want: 'caf' },
  ];
  it.each(groups)('$name', ({ given, want }) => {
    expect(given.map(fileBase)).toEqual(given.map(() => want));
  });
});

describe('identifiers are valid and never reserved', () => {
  const names = ['delete', 'class', 'new', 'await', 'yield', 'let', 'eval', 'arguments', '3d', 'get_forecast', 'API-get-user'];
  it.each(names)('%s', (name) => {
    const id = camelCase(name);
    expect(id).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
    expect(() => new Function(`"use strict"; let ${id} = 1; return ${id};`)).not.toThrow();
  });
});

describe('TOOL_NAME_PATTERN', () => {
  const cases: { name: string; given: string; want: boolean }[] = [
    { name: 'snake case', given: 'get_forecast', want: true },
    { name: 'dash and dot', given: 'API-get.user', want: true },
    { name: 'one character', given: 'a', want: true },
    { name: 'digits only', given: '123', want: true },
    { name: 'punctuation only', given: '--', want: true },
    { name: '128 characters', given: 'a'.repeat(128), want: true },
    { name: '129 characters', given: 'a'.repeat(129), want: false },
    { name: 'empty', given: '', want: false },
    { name: 'space', given: 'get forecast', want: false },
    { name: 'slash', given: 'a/b', want: false },
    { name: 'colon', given: 'ns:tool', want: false },
    { name: 'non-ASCII letter', given: 'café', want: false },
    { name: 'trailing newline', given: 'tool\n', want: false },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(TOOL_NAME_PATTERN.test(given)).toBe(want);
  });
});

describe('distinct file bases give distinct identifiers', () => {
  const pairs: { name: string; given: [string, string] }[] = [
    { name: 'digit word after underscore', given: ['a_1b', 'a1b'] },
    { name: 'version number', given: ['v2.items', 'v_2_items'] },
    { name: 'get_2fa', given: ['get_2fa', 'get2fa'] },
  ];
  for (const {
    name,
    given: [a, b],
  } of pairs) {
    it('file bases differ: ' + name, () => {
      expect(fileBase(a)).not.toBe(fileBase(b));
    });
    it(`check-names rejects the pair, whose identifiers collide: ${name}`, () => {
      const findings = checkNames({ version: 1, server: { name: 's', version: '1' }, tools: { [a]: {}, [b]: {} } });
      expect(findings.map((f) => f.code)).toEqual(['name/collision']);
    });
  }
});

describe('checkNames: renamedFrom', () => {
  const m = (tools: Record<string, object>) => ({ version: 1 as const, server: { name: 's', version: '1' }, tools });
  const cases = [
    { name: 'a real rename', given: m({ b: { renamedFrom: 'a' } }), want: [] },
    { name: 'old entry still present', given: m({ a: {}, b: { renamedFrom: 'a' } }), want: ['name/rename-target-exists'] },
    { name: 'renamed from itself', given: m({ a: { renamedFrom: 'a' } }), want: ['name/rename-target-exists'] },
    {
      name: 'two entries claim one old name',
      given: m({ b: { renamedFrom: 'a' }, c: { renamedFrom: 'a' } }),
      want: ['name/rename-claimed-twice'],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(checkNames(given).map((f) => f.code)).toEqual(want);
  });
});
