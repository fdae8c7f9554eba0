// Path parameters of an imported OpenAPI client cannot climb out of their operation's path. `fetch` resolves `..`
// (and `%2e%2e`) segments before a request leaves, so `/users/{user}/notes` with user `..` would call `/notes` with
// the API key attached; servers and proxies that decode again would do the same with `%252e%252e` or `..%2F..`.
// The generated server, run against an API on loopback, refuses every such value before any request is sent.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, CLI, tempDir } from '../support/project.js';
import { connectCommand } from './lists.js';
import { on, startMockApi, type MockApi } from './mock-api.js';

const SPEC = `openapi: 3.0.3
info: {title: Notes API, version: '1'}
servers: [{url: 'https://notes.example.com'}]
components:
  securitySchemes:
    apiKey: {type: apiKey, in: header, name: X-API-Key}
security: [{apiKey: []}]
paths:
  /users/{user}/notes:
    get:
      operationId: listNotes
      parameters: [{name: user, in: path, required: true, schema: {type: string}}]
      responses: {'200': {description: The user's notes, content: {application/json: {schema: {type: object}}}}}
  /notes:
    get:
      operationId: listAllNotes
      responses: {'200': {description: Everyone's notes, content: {application/json: {schema: {type: object}}}}}
`;

/** Each is `.` or `..` once `fetch`, or a server that decodes once or twice more, has read it. */
const HOSTILE = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E',
  '%2E.',
  '.%2e',
  '%2e',
  '%252e%252e',
  '%25252e%25252E',
  '../notes',
  '..\\notes',
  'x/../..',
  '..%2fnotes',
  '..%2Fnotes',
  '%2e%2e%2f',
  '..%5cnotes',
  '%2e%2e%5C',
  '\uff0e\uff0e', // fullwidth full stops: NFKC makes them ".."
  '',
];

describe('imported OpenAPI client: path parameters', () => {
  const dir = tempDir('import-traversal-');
  let api: MockApi;
  let client: Client;

  beforeAll(async () => {
    writeFileSync(join(dir, 'notes.openapi.yaml'), SPEC);
    const imported = spawnSync(process.execPath, [CLI, 'import', 'openapi', 'notes.openapi.yaml'], { cwd: dir, encoding: 'utf8' });
    if (imported.status !== 0) throw new Error(`import failed:\n${imported.stderr}`);
    buildProject(dir);
    api = await startMockApi([
      on('GET', '/notes', { body: { secret: 'every note of every user' } }),
      on('GET', '/users/*/notes', (req) => ({ body: { path: req.path } })),
    ]);
    client = await connectCommand(process.execPath, [join(dir, 'dist', 'main.js')], 'legacy', {
      NOTES_API_BASE_URL: api.url,
      NOTES_API_API_KEY: 'key-123',
    });
  }, 300_000);

  afterAll(async () => {
    await client?.close();
    await api?.close();
  });

  const call = async (user: string) =>
    (await client.callTool({ name: 'listNotes', arguments: { user } })) as { isError?: boolean; content: { text: string }[] };

  it('the premise: fetch resolves an encoded `..` before sending, reaching another operation', async () => {
    const before = api.requests.length;
    await fetch(`${api.url}/users/${encodeURIComponent('..')}/notes`);
    await fetch(`${api.url}/users/%2e%2e/notes`);
    expect(api.requests.slice(before).map((r) => r.path)).toEqual(['/notes', '/notes']);
  });

  it.each(HOSTILE)('refuses user %j before any request, naming the parameter', async (user) => {
    const before = api.requests.length;
    const result = await call(user);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/^GET \/users\/\{user\}\/notes: the path parameter user (must not be|is empty)/);
    expect(api.requests.length).toBe(before);
  });

  it('sends ordinary values, dots and encoded slashes included, to the operation they name', async () => {
    for (const [user, path] of [
      ['ann', '/users/ann/notes'],
      ['ann.lee', '/users/ann.lee/notes'],
      ['...', '/users/.../notes'],
      ['a..b', '/users/a..b/notes'],
      ['group/project', '/users/group%2Fproject/notes'],
      ['50%', '/users/50%25/notes'],
    ]) {
      const result = await call(user);
      expect(result.isError, result.content[0].text).toBeFalsy();
      const last = api.requests.at(-1)!;
      expect(last.path).toBe(path);
      expect(last.headers['x-api-key']).toBe('key-123');
    }
  });
});
