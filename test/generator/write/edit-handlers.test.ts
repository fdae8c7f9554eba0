import { describe, expect, it } from 'vitest';
import { checkHandlerExport, declaredExport, renameHandler } from '../../../generator/write/edit-handlers.js';
import { exportPosition } from '../../../generator/write/contract-scope.js';

const handler = `import type { ToolHandler } from '../../../generated/types.gen.js';

// keep this comment
export const listCities: ToolHandler<'list_cities'> = async (input, ctx) => {
  const listCities2 = 'a local named alike stays';
  return { content: [{ type: 'text', text: listCities2 }] };
};

export const helper = () => listCities;
`;

describe('renameHandler', () => {
  it('renames the export and its references, and the entry name in the handler type, and nothing else', async () => {
    const r = await renameHandler(handler, { ident: 'listCities', name: 'list_cities' }, { ident: 'cities', name: 'cities' });
    expect(r.renamedExport).toBe(true);
    expect(r.content).toBe(
      handler
        .replace("export const listCities: ToolHandler<'list_cities'>", "export const cities: ToolHandler<'cities'>")
        .replace('=> listCities;', '=> cities;'),
    );
  });

  it('keeps double quotes and function declarations', async () => {
    const given = 'export async function getUser(input: unknown) {\n  return 1;\n}\nconst t: PromptHandler<"get_user"> = null!;\n';
    const r = await renameHandler(given, { ident: 'getUser', name: 'get_user' }, { ident: 'fetchUser', name: 'fetch_user' });
    expect(r.content).toBe(
      'export async function fetchUser(input: unknown) {\n  return 1;\n}\nconst t: PromptHandler<"fetch_user"> = null!;\n',
    );
  });

  it('reports a file that no longer exports the old name', async () => {
    const r = await renameHandler('export const other = 1;\n', { ident: 'gone', name: 'gone' }, { ident: 'next', name: 'next' });
    expect(r).toEqual({ content: 'export const other = 1;\n', renamedExport: false });
  });
});

describe('checkHandlerExport', () => {
  const cases = [
    { name: 'const export', given: 'export const getForecast = 1;', want: true },
    { name: 'function export', given: 'export async function getForecast() {}', want: true },
    { name: 'export list', given: 'const getForecast = 1;\nexport { getForecast };', want: true },
    { name: 'renamed export', given: 'const f = 1;\nexport { f as getForecast };', want: true },
    { name: 'similar name only', given: 'export const getForecastOld = 1;', want: false },
    { name: 'not exported', given: 'const getForecast = 1;', want: false },
  ];
  it.each(cases)('$name', async ({ given, want }) => {
    expect((await checkHandlerExport(given, 'getForecast')).found).toBe(want);
  });

  it('finds names with $ in them, and not a longer name that starts with one', async () => {
    expect((await checkHandlerExport('export const get$ = 1;', 'get$')).found).toBe(true);
    expect((await checkHandlerExport('export const get$2 = 1;', 'get$')).found).toBe(false);
    expect(declaredExport('get$').test('export const get$2 = 1;')).toBe(false);
    expect(declaredExport('get$').test('export class get$ {}')).toBe(true);
  });

  it('points at the first export when the expected one is missing', async () => {
    const r = await checkHandlerExport('import x from "y";\n\nexport const renamed = 1;\n', 'getForecast');
    expect(r).toEqual({ found: false, line: 3, column: 1, exportedNames: ['renamed'] });
  });
});

describe('exportPosition', () => {
  it('points at the declared or listed name, $ included', () => {
    expect(exportPosition('// x\nexport const get$ = 1;\n', 'get$')).toEqual({ line: 2, column: 14 });
    expect(exportPosition('const $get = 1;\nexport { other, $get };\n', '$get')).toEqual({ line: 2, column: 17 });
    expect(exportPosition('export const get$2 = 1;\n', 'get$')).toEqual({ line: 1, column: 1 });
  });
});
