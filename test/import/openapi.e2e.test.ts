// `mcp-gen import openapi` end to end: a 59-operation OpenAPI 3.0 document ($ref, discriminated oneOf, enums,
// path/query/header/cookie parameters, readOnly/writeOnly fields, two security schemes) becomes a project that
// type-checks, and whose tools call a mock API on loopback with the right method, path, query, headers and body.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildProject, CLI, ROOT, startHttpServer, tempDir } from '../support/project.js';
import { connectCommand } from './lists.js';
import { on, startMockApi, type MockApi } from './mock-api.js';

const SPEC = join(ROOT, 'test', 'fixtures-import', 'acme-pets.openapi.yaml');

type Json = Record<string, unknown>;

function cli(args: string[], cwd = ROOT) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}

const pet = { id: 7, name: 'Rex', petType: 'dog', breed: 'lab', createdAt: '2025-01-01T00:00:00Z' };

describe('import openapi: acme-pets (59 operations)', () => {
  const dir = tempDir('import-openapi-');
  let api: MockApi;
  let client: Client;
  let imported: ReturnType<typeof cli>;

  beforeAll(async () => {
    imported = cli(['import', 'openapi', SPEC, '-o', join(dir, 'mcp.yaml')]);
    if (imported.code !== 0) throw new Error(`import failed:\n${imported.stderr}`);
    buildProject(dir);
    api = await startMockApi(
      [
        on('GET', '/pets', { body: [{ id: 1, name: 'Tom', petType: 'cat', indoor: true }] }),
        on('POST', '/pets', (req) => ({ status: 201, body: { id: 9, ...JSON.parse(req.body) } })),
        on('GET', '/pets/404', { status: 404, body: { code: 404, message: 'no such pet' } }),
        on('GET', '/pets/*', { body: pet }),
        on('PATCH', '/pets/*', (req) => ({ body: { ...pet, ...JSON.parse(req.body) } })),
        on('DELETE', '/pets/*', { status: 204 }),
        on('GET', '/pets/search', { body: { items: [pet], nextCursor: null, total: 1 } }),
        on('POST', '/pets/*/photos', { status: 201, body: { id: '0b7c3a52-2f9e-4c8e-9a57-3e7b1f0e6d11', caption: 'hi' } }),
        on('POST', '/store/orders', (req) => ({ status: 201, body: { id: 5, status: 'placed', total: 12.5, ...JSON.parse(req.body) } })),
        on('POST', '/store/orders/*/pay', {
          body: {
            id: '2a1f7d0e-6a55-4c1b-8d3e-1c2b3a4d5e6f',
            amount: 12.5,
            currency: 'EUR',
            method: { method: 'card', expiry: '01/30', last4: '4242' },
          },
        }),
        on('POST', '/users/login', { body: { accessToken: 't0k', tokenType: 'Bearer', expiresIn: 3600 } }),
        on('GET', '/users/me', { body: { id: 1, username: 'ann', email: 'ann@example.com', password: 'leaked-secret' } }),
        on('GET', '/preferences', { body: { theme: 'dark', language: 'en' } }),
        on('GET', '/exports/*', { contentType: 'text/csv', body: 'id,name\n7,Rex\n' }),
        on('GET', '/store/inventory', { body: { available: 3, sold: 'many' } }),
        on('GET', '/stats', { delayMs: 5_000, body: {} }),
      ],
      '/v2',
    );
    client = await connectCommand(process.execPath, [join(dir, 'dist', 'main.js')], 'legacy', {
      ACME_PETS_BASE_URL: api.url,
      ACME_PETS_API_KEY: 'key-123',
      ACME_PETS_BEARER_AUTH: 'bearer-456',
      ACME_PETS_TIMEOUT_MS: '1000',
    });
  }, 300_000);

  afterAll(async () => {
    await client?.close();
    await api?.close();
  });

  const call = async (name: string, args: Json) =>
    (await client.callTool({ name, arguments: args })) as Json & { isError?: boolean; content: { text: string }[] };

  it('reports renamed and ignored things with positions, and writes one tool per operation', () => {
    expect(imported.stdout).toMatch(/^imported 59 operations from .*acme-pets\.openapi\.yaml \(OpenAPI 3\.0\.3\)/m);
    expect(imported.stderr).toMatch(
      /acme-pets\.openapi\.yaml:\d+:20: warning paths\.\/legacy\/pets\.get\.operationId: "listPets" is already the name of GET \/pets .*named "listPets2"/,
    );
    expect(imported.stderr).toMatch(
      /warning paths\.\/exports\/\{format\}\.get\.operationId: operationId "export pets!" is not a valid MCP tool name: the tool is named "exportPets"/,
    );
    expect(imported.stderr).toMatch(/warning paths\.\/preferences\.get\.parameters\[1\]: header parameter "Accept" is ignored/);
    const manifest = parse(readFileSync(join(dir, 'mcp.yaml'), 'utf8'));
    expect(Object.keys(manifest.tools)).toHaveLength(59);
    expect(manifest.tools.internalMetrics).toBeUndefined();
    expect(cli(['validate', '-m', join(dir, 'mcp.yaml')]).code).toBe(0);
    // A team that runs `fmt --check` in CI can commit the import as it is.
    const fmt = cli(['fmt', '--check', '-m', join(dir, 'mcp.yaml')]);
    expect(fmt.code, fmt.stderr).toBe(0);
    expect(readdirSync(join(dir, 'src', 'handlers', 'tools'))).toHaveLength(59);
  });

  it('publishes exact types: integers, formats, enums, readOnly left out of inputs, writeOnly out of outputs', async () => {
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t as unknown as Json]));
    const listPets = byName.listPets.inputSchema as Json;
    expect((listPets.properties as Json).limit).toEqual({
      type: 'integer',
      format: 'int32',
      minimum: 1,
      maximum: 100,
      default: 20,
      description: 'Page size.',
    });
    const createPet = byName.createPet.inputSchema as { $defs: Record<string, Json>; required: string[] };
    expect(createPet.required).toEqual(['body']);
    expect(createPet.$defs.PetBase.required).toEqual(['name', 'petType']);
    expect(Object.keys(createPet.$defs.PetBase.properties as Json)).not.toContain('id');
    expect((createPet.$defs.PetBase.properties as Json).birthDate).toEqual({ type: ['string', 'null'], format: 'date' });
    const createUser = byName.createUser as { inputSchema: { $defs: { User: { properties: Json } } }; outputSchema: { properties: Json } };
    expect(Object.keys(createUser.inputSchema.$defs.User.properties)).toEqual(['username', 'email', 'password', 'role']);
    expect(Object.keys(createUser.outputSchema.properties)).toEqual(['id', 'username', 'email', 'role', 'createdAt']);
    expect(byName.getPet.annotations).toEqual({ readOnlyHint: true, idempotentHint: true, openWorldHint: true });
    expect(byName.deletePet.annotations).toMatchObject({ destructiveHint: true });
  });

  it('GET with path, exploded and comma-separated query arrays, and a header parameter; array bodies under items', async () => {
    const r = await call('listPets', {
      limit: 5,
      status: ['available', 'pending'],
      tag: ['a', 'b'],
      'X-Request-ID': '3f1c2a4e-1111-4222-8333-444455556666',
    });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ items: [{ id: 1, name: 'Tom', petType: 'cat', indoor: true }] });
    const req = api.last('GET', '/pets')!;
    // offset and sort were left out: the handler gets their declared defaults and sends them, as the API would assume.
    expect(req.query.toString()).toBe('limit=5&offset=0&status=available%2Cpending&tag=a&tag=b&sort=-createdAt');
    expect(req.headers['x-request-id']).toBe('3f1c2a4e-1111-4222-8333-444455556666');
    expect(req.headers['x-api-key']).toBe('key-123');
    expect(req.headers.authorization).toBeUndefined();
  });

  it('POST with a JSON body of a discriminated union', async () => {
    const body = { name: 'Rex', petType: 'dog', breed: 'lab', tags: [{ id: 1, name: 'good' }] };
    const r = await call('createPet', { body });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ id: 9, ...body });
    const req = api.last('POST', '/pets')!;
    expect(JSON.parse(req.body)).toEqual(body);
    expect(req.headers['content-type']).toBe('application/json');
  });

  it('rejects a body whose fields do not match the branch its discriminator names, before calling the API', async () => {
    const before = api.requests.length;
    const r = await call('payOrder', { orderId: 5, body: { method: 'card', iban: 'DE89370400440532013000' } });
    expect(r.isError).toBe(true);
    expect(r.content[0].text).toMatch(/validation/i);
    expect(api.requests.length).toBe(before);
    const paid = await call('payOrder', { orderId: 5, body: { method: 'bank', iban: 'DE89370400440532013000' } });
    expect(paid.isError).toBeFalsy();
    expect(api.last('POST', '/store/orders/5/pay')).toBeDefined();
  });

  it('PATCH with a merge-patch body, DELETE with a query parameter and no content', async () => {
    expect((await call('patchPet', { petId: 7, body: { name: 'Max' } })).structuredContent).toMatchObject({ name: 'Max' });
    expect(api.last('PATCH', '/pets/7')!.headers['content-type']).toBe('application/merge-patch+json');
    const deleted = await call('deletePet', { petId: 3, reason: 'mistake' });
    expect(deleted.isError).toBeFalsy();
    expect(deleted.content).toEqual([{ type: 'text', text: 'HTTP 204' }]);
    expect(api.last('DELETE', '/pets/3')!.query.get('reason')).toBe('mistake');
  });

  it('deepObject query, required header, cookie, form-urlencoded and multipart bodies', async () => {
    await call('searchPets', { q: 'rex', filter: { species: 'dog', minAge: 2 } });
    expect(api.last('GET', '/pets/search')!.query.toString()).toBe('q=rex&filter%5Bspecies%5D=dog&filter%5BminAge%5D=2');

    const order = await call('placeOrder', { 'Idempotency-Key': 'order-0001', body: { items: [{ sku: 'TOY-0001', quantity: 2 }] } });
    expect(order.isError).toBeFalsy();
    expect(api.last('POST', '/store/orders')!.headers['idempotency-key']).toBe('order-0001');
    expect(JSON.parse(api.last('POST', '/store/orders')!.body)).toEqual({ items: [{ sku: 'TOY-0001', quantity: 2 }] });

    expect((await call('getPreferences', { theme: 'dark' })).structuredContent).toEqual({ theme: 'dark', language: 'en' });
    expect(api.last('GET', '/preferences')!.headers.cookie).toBe('theme=dark');

    const login = await call('loginUser', { body: { username: 'ann', password: 'pw' } });
    expect(login.structuredContent).toEqual({ accessToken: 't0k', tokenType: 'Bearer', expiresIn: 3600 });
    const loginReq = api.last('POST', '/users/login')!;
    expect(loginReq.body).toBe('username=ann&password=pw');
    expect(loginReq.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(loginReq.headers['x-api-key']).toBeUndefined();

    await call('uploadPetPhoto', { petId: 7, body: { file: 'aGVsbG8=', caption: 'hi' } });
    const upload = api.last('POST', '/pets/7/photos')!;
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.body).toContain('name="caption"\r\n\r\nhi');
  });

  it('uses the scheme an operation requires: bearer for /users/me', async () => {
    const r = await call('getCurrentUser', {});
    expect(api.last('GET', '/users/me')!.headers.authorization).toBe('Bearer bearer-456');
    // The API leaks a writeOnly field: the outputSchema does not list it, and the result passes it through.
    expect(r.isError).toBeFalsy();
  });

  it('maps failures to tool errors with status and body, non-JSON success to text, and times out', async () => {
    const missing = await call('getPet', { petId: 404 });
    expect(missing.isError).toBe(true);
    expect(missing.content[0].text).toBe('GET /pets/{petId}: HTTP 404 Not Found\n{"code":404,"message":"no such pet"}');

    const csv = await call('exportPets', { format: 'csv' });
    expect(csv.content).toEqual([{ type: 'text', text: 'id,name\n7,Rex\n' }]);

    const inventory = await call('getInventory', {});
    expect(inventory.isError).toBe(true);
    expect(inventory.content[0].text).toMatch(/Output validation error/);

    const slow = await call('getStats', {});
    expect(slow.isError).toBe(true);
    expect(slow.content[0].text).toBe('GET /stats: no answer within 1000 ms (ACME_PETS_TIMEOUT_MS)');
  });

  it('says which variables to set when credentials are missing', async () => {
    const bare = await connectCommand(process.execPath, [join(dir, 'dist', 'main.js')], 'legacy', {
      ACME_PETS_BASE_URL: api.url,
      ACME_PETS_API_KEY: '',
      ACME_PETS_BEARER_AUTH: '',
    });
    try {
      const r = (await bare.callTool({ name: 'listPets', arguments: {} })) as { isError?: boolean; content: { text: string }[] };
      expect(r.isError).toBe(true);
      expect(r.content[0].text).toBe('GET /pets needs credentials: set ACME_PETS_API_KEY, or ACME_PETS_BEARER_AUTH');
      const health = (await bare.callTool({ name: 'healthCheck', arguments: {} })) as { isError?: boolean };
      expect(health.isError).toBe(true); // no route in the mock: but the call was made, without credentials
      expect(api.last('GET', '/health')!.headers['x-api-key']).toBeUndefined();
    } finally {
      await bare.close();
    }
  });

  it('imports the generated server back over Streamable HTTP (2026-07-28) to the same tools', async () => {
    const running = await startHttpServer(dir);
    try {
      const again = tempDir('import-openapi-again-');
      const r = cli(['import', 'server', '--no-generate', '--era', 'modern', '--url', running.url, '-o', join(again, 'mcp.yaml')]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('(protocol 2026-07-28)');
      const first = parse(readFileSync(join(dir, 'mcp.yaml'), 'utf8'));
      const second = parse(readFileSync(join(again, 'mcp.yaml'), 'utf8'));
      expect(second.tools).toEqual(first.tools);
      expect(second.server).toEqual(first.server);
    } finally {
      await running.stop();
    }
  });

  it('--merge adds new operations with working handlers and keeps everything that exists', () => {
    const handler = join(dir, 'src', 'handlers', 'tools', 'get_pet.ts');
    writeFileSync(handler, readFileSync(handler, 'utf8').replace('Yours to change', 'Edited by its owner'));
    const edited = readFileSync(handler, 'utf8');
    const manifestBefore = readFileSync(join(dir, 'mcp.yaml'), 'utf8');
    const same = cli(['import', 'openapi', SPEC, '--merge', '-o', join(dir, 'mcp.yaml')]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain('merged: added 0, changed 0 (kept, review them), not in the source 0 (kept)');
    expect(readFileSync(join(dir, 'mcp.yaml'), 'utf8')).toBe(manifestBefore);
    expect(readFileSync(handler, 'utf8')).toBe(edited);

    const extended = join(tempDir('import-openapi-spec-'), 'spec.yaml');
    writeFileSync(
      extended,
      readFileSync(SPEC, 'utf8').replace(
        'paths:\n',
        "paths:\n  /ping:\n    get:\n      operationId: ping\n      responses:\n        '200': {description: pong}\n",
      ),
    );
    const more = cli(['import', 'openapi', extended, '--merge', '-o', join(dir, 'mcp.yaml')]);
    expect(more.code, more.stderr).toBe(0);
    expect(more.stdout).toContain('  added     tools/ping');
    expect(more.stdout).toContain('handlers that call the API: created 1, kept 59');
    expect(readFileSync(join(dir, 'src', 'handlers', 'tools', 'ping.ts'), 'utf8')).toContain('path: "/ping"');
    expect(readFileSync(handler, 'utf8')).toBe(edited);
    expect(cli(['fmt', '--check', '-m', join(dir, 'mcp.yaml')]).code).toBe(0);
  });
});

describe('import openapi: bad input', () => {
  it('an unsupported version: a positioned error, no stack trace, nothing written', () => {
    const dir = tempDir('import-openapi-bad-');
    const spec = join(dir, 'spec.yaml');
    writeFileSync(spec, 'openapi: 2.5.0\ninfo: {title: x, version: "1"}\npaths: {}\n');
    const r = cli(['import', 'openapi', 'spec.yaml'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'spec.yaml:1:10: error openapi: unsupported OpenAPI version "2.5.0"\n' +
        '  1 | openapi: 2.5.0\n' +
        '    |          ^\n' +
        '  hint: mcp-gen imports OpenAPI 3.0.x and 3.1.x documents\n\n' +
        'mcp-gen: error: spec.yaml cannot be imported (1 error); nothing was written\n',
    );
    expect(readdirSync(dir)).toEqual(['spec.yaml']);
  });

  it('a flow key without a value is read as every OpenAPI tool reads it, not refused as in a manifest', () => {
    const dir = tempDir('import-openapi-flow-key-');
    writeFileSync(
      join(dir, 'spec.yaml'),
      'openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths:\n  /a:\n    get:\n      operationId: getA\n' +
        '      parameters: [{name: n, in: query, schema: {type: integer}, description: How many, at most}]\n' +
        '      responses: {"200": {description: ok}}\n',
    );
    const r = cli(['import', 'openapi', 'spec.yaml'], dir);
    expect(r.code, r.stderr).toBe(0);
    const manifest = parse(readFileSync(join(dir, 'mcp.yaml'), 'utf8'));
    expect(manifest.tools.getA.inputSchema.properties.n).toEqual({ type: 'integer', description: 'How many' });
  });

  it('an unreadable file', () => {
    const dir = tempDir('import-openapi-missing-');
    const r = cli(['import', 'openapi', 'nope.yaml'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'mcp-gen: error: nope.yaml: cannot read the OpenAPI document: file not found\n  hint: pass the path of an OpenAPI 3.0 or 3.1 document (JSON or YAML), a regular file\n',
    );
    expect(existsSync(join(dir, 'mcp.yaml'))).toBe(false);
  });

  it('an existing manifest is never replaced without --merge', () => {
    const dir = tempDir('import-openapi-exists-');
    writeFileSync(join(dir, 'mcp.yaml'), 'version: 1\n');
    const r = cli(['import', 'openapi', SPEC], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('mcp-gen: error: mcp.yaml already exists\n  hint: add --merge');
    expect(readFileSync(join(dir, 'mcp.yaml'), 'utf8')).toBe('version: 1\n');
  });
});
