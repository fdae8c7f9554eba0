import { describe, expect, it } from 'vitest';
import { checkHandlerExport, declaredExport, renameHandler, retargetImports } from '../../../generator/write/edit-handlers.js';
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

  it('renames a completions export and the entry name in its completions type', async () => {
    const given = `import type { PromptCompletions } from '../../../generated/types.gen.js';

export const reviewCodeCompletions: PromptCompletions<'review_code'> = {
  style: async (value) => ['terse', 'verbose'].filter((s) => s.startsWith(value)),
};
`;
    const r = await renameHandler(
      given,
      { ident: 'reviewCodeCompletions', name: 'review_code' },
      { ident: 'reviewCompletions', name: 'review' },
    );
    expect(r).toEqual({
      content: given.replace("reviewCodeCompletions: PromptCompletions<'review_code'>", "reviewCompletions: PromptCompletions<'review'>"),
      renamedExport: true,
    });
  });

  it('reports a file that no longer exports the old name', async () => {
    const r = await renameHandler('export const other = 1;\n', { ident: 'gone', name: 'gone' }, { ident: 'next', name: 'next' });
    expect(r).toEqual({ content: 'export const other = 1;\n', renamedExport: false });
  });
});

describe('retargetImports', () => {
  const alpha = { from: 'src/handlers/tools/alpha.ts', to: 'src/handlers/tools/gamma.ts', fromExport: 'alpha', toExport: 'gamma' };
  const moved = { ...alpha, toExport: 'alpha' };
  const extra = { was: 'src/extra.ts', now: 'src/extra.ts' };
  const cases = [
    {
      name: 'a named import: new path, the new export under the old local name',
      given: "import { alpha } from './handlers/tools/alpha.js';\nalpha;\n",
      want: "import { gamma as alpha } from './handlers/tools/gamma.js';\nalpha;\n",
    },
    {
      name: 'an aliased, type-only import with double quotes, beside another',
      given: 'import { type alpha as a, other } from "./handlers/tools/alpha.js"; // why\n',
      want: 'import { type gamma as a, other } from "./handlers/tools/gamma.js"; // why\n',
    },
    {
      name: 'an alias that already is the new name',
      given: "import { alpha as gamma } from './handlers/tools/alpha.js';\n",
      want: "import { gamma } from './handlers/tools/gamma.js';\n",
    },
    {
      name: 'a re-export keeps the name it exported',
      given: "export { alpha } from './handlers/tools/alpha.js';\n",
      want: "export { gamma as alpha } from './handlers/tools/gamma.js';\n",
    },
    {
      name: 'the extension the user wrote, or none',
      given: "import { alpha } from './handlers/tools/alpha';\nimport { alpha as b } from './handlers/tools/alpha.ts';\n",
      want: "import { gamma as alpha } from './handlers/tools/gamma';\nimport { gamma as b } from './handlers/tools/gamma.ts';\n",
    },
    {
      name: 'an import of another module, or of a file named alike elsewhere, stays',
      given: "import { alpha } from './lib/alpha.js';\nimport { beta } from './handlers/tools/beta.js';\n",
      want: "import { alpha } from './lib/alpha.js';\nimport { beta } from './handlers/tools/beta.js';\n",
    },
  ];
  it.each(cases)('$name', async ({ given, want }) => {
    const r = await retargetImports(given, extra, [alpha]);
    expect(r.content).toBe(want);
    expect(r.unsafe).toEqual([]);
  });

  it('resolves from where the importer was and writes the path from where it will be', async () => {
    const r = await retargetImports(
      "import { alpha } from './alpha.js';\n",
      { was: 'src/handlers/tools/beta.ts', now: 'src/handlers/tools/delta.ts' },
      [alpha],
    );
    expect(r.content).toBe("import { gamma as alpha } from './gamma.js';\n");
    expect(r.followed).toEqual([alpha]);
  });

  it('only moves the path when the export kept its name', async () => {
    const r = await retargetImports("import { alpha } from '../handlers/tools/alpha.js';\n", { was: 'src/lib/x.ts', now: 'src/lib/x.ts' }, [
      moved,
    ]);
    expect(r.content).toBe("import { alpha } from '../handlers/tools/gamma.js';\n");
  });

  it('updates the path of a namespace or dynamic import and reports what still names the old export', async () => {
    const given = [
      "import * as tools from './handlers/tools/alpha.js';",
      'tools.alpha;',
      "const late = await import('./handlers/tools/alpha.js');",
      "export * from './handlers/tools/alpha.js';",
      "import { alpha } from '@app/handlers/tools/alpha.js';",
      '',
    ].join('\n');
    const r = await retargetImports(given, extra, [alpha]);
    expect(r.content).toBe(given.replaceAll("'./handlers/tools/alpha.js'", "'./handlers/tools/gamma.js'"));
    expect(r.unsafe.map((u) => `${u.line}:${u.column} ${u.message}`)).toEqual([
      '1:1 uses tools.alpha, which src/handlers/tools/gamma.ts exports as gamma: rename the uses by hand',
      '3:20 loads src/handlers/tools/gamma.ts by path (updated), which exports gamma for alpha: rename what it takes from it by hand',
      '4:1 re-exports everything from src/handlers/tools/gamma.ts, which exports gamma for alpha: update the modules that import alpha from here',
      '5:1 imports @app/handlers/tools/alpha.js, a path mcp-gen does not resolve; src/handlers/tools/alpha.ts is now src/handlers/tools/gamma.ts, which exports gamma for alpha: update this import by hand',
    ]);
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
