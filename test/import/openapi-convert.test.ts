// convertOpenApi on small documents: operation selection and naming, tool shape, security, and positioned errors.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { ImportError } from '../../generator/import/import-error.js';
import { convertOpenApi } from '../../generator/import/openapi/import-openapi.js';

type Json = Record<string, unknown>;

const NO_FILTERS = { tag: [], path: [], xMcpOnly: false };

function specFile(doc: unknown, ext = 'yaml'): string {
  const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), `spec.${ext}`);
  writeFileSync(file, typeof doc === 'string' ? doc : ext === 'json' ? JSON.stringify(doc, null, 2) : stringify(doc));
  return file;
}

const ok = { description: 'ok' };

function doc(paths: Json, extra: Json = {}): Json {
  return { openapi: '3.0.3', info: { title: 'Test API', version: '1.0.0' }, servers: [{ url: 'https://api.example/v1' }], paths, ...extra };
}

function tools(d: Json, filters = NO_FILTERS): Record<string, Json> {
  return convertOpenApi(specFile(d), filters).manifest.tools as Record<string, Json>;
}

function failure(d: unknown, ext = 'yaml'): ImportError {
  try {
    convertOpenApi(specFile(d, ext), NO_FILTERS);
  } catch (err) {
    if (err instanceof ImportError) return err;
    throw err;
  }
  throw new Error('expected the import to fail');
}

describe('operations: names', () => {
  it('uses operationIds, sanitises invalid ones, derives missing ones, and deduplicates with a warning', () => {
    const r = convertOpenApi(
      specFile(
        doc({
          '/a': {
            get: { operationId: 'listThings', responses: { 200: ok } },
            post: { operationId: 'make thing!', responses: { 200: ok } },
          },
          '/b/{id}': { delete: { responses: { 204: ok } } },
          '/c': { get: { operationId: 'listThings', responses: { 200: ok } }, put: { operationId: 'ListThings', responses: { 200: ok } } },
          '/d': { post: { operationId: 'createThing', responses: { 200: ok } } },
        }),
      ),
      NO_FILTERS,
    );
    // Made-up names follow the document's convention (mostly camelCase here); suffixes avoid shared handler files too.
    expect(Object.keys(r.manifest.tools as Json)).toEqual([
      'listThings',
      'makeThing',
      'deleteBId',
      'listThings2',
      'ListThings_3',
      'createThing',
    ]);
    expect(r.warnings.map((w) => w.message)).toEqual([
      'operationId "make thing!" is not a valid MCP tool name: the tool is named "makeThing"',
      '"listThings" is already the name of GET /a (or would share its handler file): this tool is named "listThings2"',
      '"ListThings" is already the name of GET /a (or would share its handler file): this tool is named "ListThings_3"',
    ]);
  });

  it('keeps snake_case for documents written that way', () => {
    const names = Object.keys(
      tools(
        doc({
          '/a': {
            get: { operationId: 'list_things', responses: { 200: ok } },
            post: { operationId: 'make thing!', responses: { 200: ok } },
          },
          '/b': { get: { operationId: 'list_things', responses: { 200: ok } }, delete: { responses: { 204: ok } } },
        }),
      ),
    );
    expect(names).toEqual(['list_things', 'make_thing', 'list_things_2', 'delete_b']);
  });

  it('x-mcp: false excludes, an x-mcp map renames and retitles, --x-mcp-only keeps marked operations', () => {
    const d = doc({
      '/a': { get: { operationId: 'a', 'x-mcp': false, responses: { 200: ok } } },
      '/b': { get: { operationId: 'b', 'x-mcp': { name: 'bee', title: 'Bee', description: 'Buzz.' }, responses: { 200: ok } } },
      '/c': { 'x-mcp': true, get: { operationId: 'c', responses: { 200: ok } } },
      '/d': { get: { operationId: 'd', responses: { 200: ok } } },
    });
    const all = tools(d);
    expect(Object.keys(all)).toEqual(['bee', 'c', 'd']);
    expect(all.bee).toMatchObject({ title: 'Bee', description: 'Buzz.' });
    expect(Object.keys(tools(d, { ...NO_FILTERS, xMcpOnly: true }))).toEqual(['bee', 'c']);
  });

  it('filters by tag and by path pattern', () => {
    const d = doc({
      '/pets': { get: { operationId: 'listPets', tags: ['pets'], responses: { 200: ok } } },
      '/pets/{id}': { get: { operationId: 'getPet', tags: ['pets'], responses: { 200: ok } } },
      '/users': { get: { operationId: 'listUsers', tags: ['users'], responses: { 200: ok } } },
    });
    expect(Object.keys(tools(d, { ...NO_FILTERS, tag: ['users'] }))).toEqual(['listUsers']);
    expect(Object.keys(tools(d, { ...NO_FILTERS, path: ['/pets/*'] }))).toEqual(['getPet']);
    expect(Object.keys(tools(d, { ...NO_FILTERS, path: ['/pets*', '/users'] }))).toEqual(['listPets', 'getPet', 'listUsers']);
  });
});

describe('operations: tool shape', () => {
  const d = doc(
    {
      '/pets/{petId}': {
        parameters: [
          { name: 'petId', in: 'path', required: true, description: 'Pet number', schema: { type: 'integer', format: 'int64' } },
        ],
        put: {
          operationId: 'replacePet',
          summary: 'Replace a pet',
          parameters: [
            { name: 'dryRun', in: 'query', schema: { type: 'boolean' } },
            { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' } },
            { name: 'petId', in: 'query', schema: { type: 'string' } },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
          responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
          security: [{ bearer: [] }, {}],
        },
        get: {
          operationId: 'getPetNames',
          responses: {
            '2XX': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } } },
          },
        },
      },
    },
    {
      security: [{ key: [] }],
      components: {
        securitySchemes: { key: { type: 'apiKey', in: 'query', name: 'api_key' }, bearer: { type: 'http', scheme: 'bearer' } },
        schemas: {
          Pet: {
            type: 'object',
            required: ['id', 'name'],
            properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
          },
        },
      },
    },
  );
  const r = convertOpenApi(specFile(d), NO_FILTERS);
  const t = r.manifest.tools as Record<string, Json>;

  it('merges path, query and header parameters with the body under `body`; names that clash get their location', () => {
    expect(t.replacePet.inputSchema).toEqual({
      type: 'object',
      properties: {
        petId: { type: 'integer', format: 'int64', description: 'Pet number' },
        dryRun: { type: 'boolean' },
        'X-Trace': { type: 'string' },
        petId_query: { type: 'string' },
        body: { $ref: '#/$defs/Pet' },
      },
      required: ['petId', 'X-Trace', 'body'],
      additionalProperties: false,
      $defs: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
    });
  });

  it('takes the outputSchema from the JSON success response, inlined at the root, and wraps non-objects', () => {
    expect(t.replacePet.outputSchema).toEqual({
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
    });
    expect(t.getPetNames.outputSchema).toEqual({
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'string' } } },
      required: ['items'],
    });
  });

  it('derives annotations from the method and records the HTTP call and its variables in _meta', () => {
    expect(t.replacePet.annotations).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true });
    expect(t.getPetNames.annotations).toEqual({ readOnlyHint: true, idempotentHint: true, openWorldHint: true });
    expect(t.replacePet._meta).toEqual({
      'mcp-gen.dev/openapi': {
        operationId: 'replacePet',
        method: 'PUT',
        path: '/pets/{petId}',
        env: ['TEST_API_BASE_URL', 'TEST_API_BEARER'],
      },
    });
    expect(t.getPetNames._meta).toMatchObject({ 'mcp-gen.dev/openapi': { env: ['TEST_API_BASE_URL', 'TEST_API_KEY'] } });
  });

  it('describes the request for the handler: parameter locations, body, security alternatives, wrapping', () => {
    const replace = r.tools.find((x) => x.name === 'replacePet')!.operation;
    expect(replace).toEqual({
      method: 'PUT',
      path: '/pets/{petId}',
      parameters: [
        { key: 'petId', name: 'petId', in: 'path' },
        { key: 'dryRun', name: 'dryRun', in: 'query' },
        { key: 'X-Trace', name: 'X-Trace', in: 'header' },
        { key: 'petId_query', name: 'petId', in: 'query' },
      ],
      body: { key: 'body', mediaType: 'application/json' },
      security: [['bearer'], []],
      structured: true,
    });
    expect(r.tools.find((x) => x.name === 'getPetNames')!.operation).toMatchObject({ security: [['key']], wrap: 'items' });
    expect(r.api).toMatchObject({
      baseUrlEnv: 'TEST_API_BASE_URL',
      defaultBaseUrl: 'https://api.example/v1',
      schemes: {
        key: { type: 'apiKey', in: 'query', name: 'api_key', env: 'TEST_API_KEY' },
        bearer: { type: 'bearer', env: 'TEST_API_BEARER' },
      },
    });
  });
});

describe('OpenAPI 3.1 in JSON', () => {
  it('keeps 2020-12 schemas as they are, applies $ref siblings, and maps oauth2 and basic credentials', () => {
    const d = {
      openapi: '3.1.0',
      info: { title: 'Ledger', version: '3', summary: 'Accounts and entries.' },
      servers: [{ url: '/relative' }],
      webhooks: { entryCreated: { post: { responses: { 200: ok } } } },
      security: [{ oauth: ['read'] }, { basic: [] }],
      paths: {
        '/entries/{id}': {
          get: {
            operationId: 'getEntry',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } }],
            responses: {
              200: {
                description: 'ok',
                content: {
                  'application/vnd.ledger+json': {
                    schema: {
                      type: 'object',
                      properties: {
                        amount: { type: ['integer', 'null'], examples: [5] },
                        account: { $ref: '#/components/schemas/Account', description: 'owner' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: { Account: { type: 'object', properties: { iban: { type: 'string' } } } },
        securitySchemes: { oauth: { type: 'oauth2', flows: {} }, basic: { type: 'http', scheme: 'basic' } },
      },
    };
    const r = convertOpenApi(specFile(d, 'json'), NO_FILTERS);
    const t = (r.manifest.tools as Record<string, Json>).getEntry;
    expect(t.outputSchema).toEqual({
      type: 'object',
      properties: { amount: { type: ['integer', 'null'], examples: [5] }, account: { $ref: '#/$defs/Account', description: 'owner' } },
      $defs: { Account: { type: 'object', properties: { iban: { type: 'string' } } } },
    });
    expect(r.manifest.server).toEqual({ name: 'ledger', version: '3', title: 'Ledger', description: 'Accounts and entries.' });
    expect(r.api.defaultBaseUrl).toBeNull();
    expect(r.api.schemes).toEqual({
      oauth: { type: 'bearer', env: 'LEDGER_OAUTH_TOKEN' },
      basic: { type: 'basic', usernameEnv: 'LEDGER_BASIC_USERNAME', passwordEnv: 'LEDGER_BASIC_PASSWORD' },
    });
    expect(r.warnings.map((w) => w.message)).toEqual([
      'server URL "/relative" is not an absolute http(s) URL: set LEDGER_BASE_URL to the API\'s base URL',
    ]);
  });
});

describe('errors: positioned, and nothing is converted', () => {
  it('a missing file', () => {
    const err = (() => {
      try {
        convertOpenApi(join(tmpdir(), 'no-such-dir-xyz', 'spec.yaml'), NO_FILTERS);
      } catch (e) {
        return e as ImportError;
      }
    })();
    expect(err).toBeInstanceOf(ImportError);
    expect(err!.message).toMatch(/spec\.yaml: cannot read the OpenAPI document: file not found$/);
  });

  it('Swagger 2.0', () => {
    const err = failure('swagger: "2.0"\ninfo: {title: x, version: "1"}\npaths: {}\n');
    expect(err.details).toMatch(
      /spec\.yaml:1:10: error swagger: Swagger "2\.0" \(OpenAPI 2\) is not supported\n {2}1 \| swagger: "2\.0"\n {4}\| {10}\^\n/,
    );
    expect(err.details).toContain('hint: convert it to OpenAPI 3 first');
    expect(err.message).toMatch(/cannot be imported \(1 error\); nothing was written$/);
  });

  it('an unsupported OpenAPI version, at its value', () => {
    const err = failure('info: {title: x, version: "1"}\nopenapi: 4.0.0\npaths: {}\n');
    expect(err.details).toMatch(/spec\.yaml:2:10: error openapi: unsupported OpenAPI version "4\.0\.0"/);
  });

  it('YAML syntax errors', () => {
    const err = failure('openapi: 3.0.3\npaths:\n  /a: {get: [}\n');
    expect(err.details).toMatch(/spec\.yaml:3:\d+: error YAML syntax/);
  });

  it('invalid JSON is reported with a position too', () => {
    const err = failure('{\n  "openapi": "3.0.3",\n  "paths": {,}\n}\n', 'json');
    expect(err.details).toMatch(/spec\.json:3:\d+: error/);
  });

  it('remote references, at the $ref', () => {
    const d = doc({
      '/a': {
        get: {
          responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: 'https://x.example/s.json' } } } } },
        },
      },
    });
    const err = failure(d, 'json');
    expect(err.details).toMatch(
      /spec\.json:\d+:\d+: error paths\.\/a\.get\.responses\.200\.content\.application\/json\.schema\.\$ref: \$ref "https:\/\/x\.example\/s\.json" points outside this document/,
    );
    expect(err.details).toMatch(/\n {2}\d+ \| +"\$ref": "https:\/\/x\.example\/s\.json"\n/);
  });

  it('an operation list that is not a list, and a parameter without a name', () => {
    const err = failure(doc({ '/a': { get: { parameters: [{ in: 'query' }], responses: {} } } }));
    expect(err.details).toContain('error paths./a.get.parameters[0]: a parameter needs a name and in: path, query, header or cookie');
  });

  it('a URL instead of a file', () => {
    expect(() => convertOpenApi('https://example.com/openapi.json', NO_FILTERS)).toThrow(/only local files can be imported/);
  });
});
