// Schema files (schemaFiles: true) under attack: a manifest from a pull request tries to read outside its folder,
// fetch, block on a pipe, exhaust memory or the stack, or loop. Each attempt ends in a clear, positioned error,
// quickly, and nothing is fetched or written.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/generate.js';
import { SCHEMA_LIMITS } from '../../generator/core/schema-refs.js';
import { tempDir } from '../support/project.js';
import { BASE, errors, validate } from './validate.js';

const withRefs = (...refs: string[]) => ({
  schemaFiles: true,
  tools: { t: { inputSchema: { type: 'object', properties: Object.fromEntries(refs.map((r, i) => [`p${i}`, { $ref: r }])) } } },
});
const at = (i: number) => `tools.t.inputSchema.properties.p${i}.$ref`;

/** Runs `fn` and fails if it takes longer than `ms`: a hang shows up as a failure, not a stuck run. */
function quickly<T>(ms: number, fn: () => T): T {
  const started = performance.now();
  const result = fn();
  expect(performance.now() - started).toBeLessThan(ms);
  return result;
}

describe("nothing outside the manifest's folder is read", () => {
  const root = tempDir('mcp-gen-schema-files-');
  const project = join(root, 'project');
  mkdirSync(join(project, 'schemas'), { recursive: true });
  writeFileSync(join(root, 'secret.json'), '{"const": "secret"}');
  writeFileSync(join(project, 'schemas', 'ok.json'), '{"type": "string"}');
  symlinkSync(join(root, 'secret.json'), join(project, 'schemas', 'link.json'));
  symlinkSync(root, join(project, 'up'));
  symlinkSync('/dev/zero', join(project, 'schemas', 'zero.json'));
  symlinkSync('ok.json', join(project, 'schemas', 'inside.json'));
  execFileSync('mkfifo', [join(project, 'schemas', 'pipe.json')]);
  mkdirSync(join(project, 'schemas', 'dir.json'));
  writeFileSync(join(project, 'schemas', 'big.json'), '');
  truncateSync(join(project, 'schemas', 'big.json'), SCHEMA_LIMITS.fileBytes + 1);

  const cases: { name: string; given: string; want: string }[] = [
    { name: 'a file inside', given: 'schemas/ok.json', want: '' },
    { name: 'a link that stays inside', given: 'schemas/inside.json', want: '' },
    { name: '..', given: '../secret.json', want: 'schema/file-outside' },
    { name: '.. in the middle', given: 'schemas/../../secret.json', want: 'schema/file-outside' },
    { name: 'encoded ..', given: 'schemas/%2E%2E/%2E%2E/secret.json', want: 'schema/file-outside' },
    { name: 'a link to a file outside', given: 'schemas/link.json', want: 'schema/file-outside' },
    { name: 'a link to a folder outside', given: 'up/secret.json', want: 'schema/file-outside' },
    { name: 'a link to a device', given: 'schemas/zero.json', want: 'schema/file-outside' },
    { name: 'absolute path', given: join(root, 'secret.json'), want: 'schema/file-absolute' },
    { name: 'absolute path to a device', given: '/dev/zero', want: 'schema/file-absolute' },
    { name: 'a named pipe inside (would block a reader)', given: 'schemas/pipe.json', want: 'schema/file-not-regular' },
    { name: 'a folder', given: 'schemas/dir.json', want: 'schema/file-not-regular' },
    { name: 'a file past the size limit', given: 'schemas/big.json', want: 'schema/file-too-large' },
    { name: 'a file that is not a schema file', given: '../../../etc/passwd', want: 'schema/file-outside' },
    { name: 'a private key beside the manifest', given: 'id_rsa', want: 'schema/file-type' },
    { name: 'file URL', given: `file://${join(root, 'secret.json')}`, want: 'schema/external-ref' },
    { name: 'data URL', given: 'data:application/json,{"type":"string"}', want: 'schema/external-ref' },
  ];
  it.each(cases)('$name: $given', ({ given, want }) => {
    const found = quickly(5_000, () => errors(withRefs(given), project));
    expect(found).toEqual(want ? [`${want} ${at(0)}`] : []);
  });

  it("a link or an escape from inside a schema file is refused too, shown at the manifest's ref", () => {
    writeFileSync(
      join(project, 'schemas', 'nested.json'),
      JSON.stringify({ properties: { a: { $ref: '../../secret.json' }, b: { $ref: 'link.json' } } }),
    );
    const issues = validate(withRefs('schemas/nested.json'), project).filter((i) => i.severity === 'error');
    expect(issues.map((i) => i.code)).toEqual(['schema/file-outside', 'schema/file-outside']);
    for (const issue of issues) {
      expect(issue.path).toBe(at(0));
      expect(issue.message).toMatch(/^in schemas\/nested\.json:1:\d+: \$ref "/);
    }
  });
});

describe('nothing is ever fetched', () => {
  let requests = 0;
  let url = '';
  const server = createServer((_req, res) => {
    requests++;
    res.end('{"type":"object"}');
  });
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/schema.json`;
  });
  afterAll(() => void server.close());

  it('URLs in the manifest and in schema files are errors; generate writes nothing and makes no request', async () => {
    const dir = tempDir('mcp-gen-schema-files-url-');
    writeFileSync(
      join(dir, 'a.json'),
      JSON.stringify({ properties: { x: { $ref: url }, y: { $ref: `//127.0.0.1:${new URL(url).port}/s.json` } } }),
    );
    const manifest = withRefs(url, `${url}#/definitions/X`, 'https://example.com/a.json', 'a.json');
    expect(errors(manifest, dir)).toEqual([
      `schema/external-ref ${at(0)}`,
      `schema/external-ref ${at(1)}`,
      `schema/external-ref ${at(2)}`,
      `schema/external-ref ${at(3)}`,
      `schema/external-ref ${at(3)}`,
    ]);
    writeFileSync(join(dir, 'mcp.yaml'), stringify({ ...BASE, ...manifest }));
    const result = await generate({ manifestPath: join(dir, 'mcp.yaml'), contracts: false });
    expect(result.plan).toBeUndefined();
    expect(readdirSync(dir).sort()).toEqual(['a.json', 'mcp.yaml']);
    expect(requests).toBe(0);
  });
});

describe('cycles and depth', () => {
  it('recursion across two files through properties and items validates and generates', async () => {
    const dir = tempDir('mcp-gen-schema-files-cycle-');
    writeFileSync(
      join(dir, 'node.json'),
      JSON.stringify({ type: 'object', properties: { children: { type: 'array', items: { $ref: 'edge.json' } } } }),
    );
    writeFileSync(
      join(dir, 'edge.json'),
      JSON.stringify({ type: 'object', properties: { to: { $ref: 'node.json' }, self: { $ref: '#' } } }),
    );
    expect(quickly(5_000, () => errors(withRefs('node.json'), dir))).toEqual([]);
    writeFileSync(join(dir, 'mcp.yaml'), stringify({ ...BASE, ...withRefs('node.json') }));
    const result = await generate({ manifestPath: join(dir, 'mcp.yaml'), contracts: false });
    expect(result.issues).toEqual([]);
  });

  it("two files that are each other's $ref: an error naming the loop, not a hang", () => {
    const dir = tempDir('mcp-gen-schema-files-loop-');
    writeFileSync(join(dir, 'a.json'), '{"$ref": "b.json"}');
    writeFileSync(join(dir, 'b.json'), '{"anyOf": [{"$ref": "a.json"}, {"type": "null"}]}');
    const issues = quickly(5_000, () => validate(withRefs('a.json'), dir)).filter((i) => i.severity === 'error');
    expect(issues.map((i) => `${i.code} ${i.path}`)).toEqual([`schema/ref-cycle ${at(0)}`]);
    expect(issues[0].message).toContain('(a.json -> b.json -> a.json)');
  });

  it('a chain of files deeper than the limit is an error, found without deep recursion', () => {
    const dir = tempDir('mcp-gen-schema-files-chain-');
    const length = SCHEMA_LIMITS.refChain + 40;
    for (let i = 0; i < length; i++)
      writeFileSync(join(dir, `d${i}.json`), JSON.stringify({ type: 'object', properties: { next: { $ref: `d${i + 1}.json` } } }));
    writeFileSync(join(dir, `d${length}.json`), '{"type": "string"}');
    const issues = quickly(10_000, () => validate(withRefs('d0.json'), dir)).filter((i) => i.severity === 'error');
    expect(issues.map((i) => i.code)).toEqual(['schema/ref-chain']);
    expect(issues[0].path).toBe(at(0));
    expect(issues[0].message).toMatch(
      /following \$refs through files goes more than 64 deep \(mcp\.yaml -> d0\.json -> d1\.json -> d2\.json -> \.\.\. -> d62\.json -> d63\.json -> \.\.\.\)/,
    );
  });

  it('a chain within the limit is fine', () => {
    const dir = tempDir('mcp-gen-schema-files-short-chain-');
    for (let i = 0; i < 20; i++)
      writeFileSync(join(dir, `d${i}.json`), JSON.stringify({ type: 'object', properties: { next: { $ref: `d${i + 1}.json` } } }));
    writeFileSync(join(dir, 'd20.json'), '{"type": "string"}');
    expect(errors(withRefs('d0.json'), dir)).toEqual([]);
  });

  it('a file nested far past the depth limit, in JSON and YAML, ends in an error, not a stack overflow', () => {
    const dir = tempDir('mcp-gen-schema-files-deep-');
    writeFileSync(join(dir, 'deep.json'), `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`);
    writeFileSync(join(dir, 'deep.yaml'), `a: ${'['.repeat(50_000)}${']'.repeat(50_000)}\n`);
    const found = quickly(10_000, () => errors(withRefs('deep.json', 'deep.yaml'), dir));
    expect(found).toEqual([
      `schema/too-deep ${at(0)}`,
      expect.stringMatching(new RegExp(`^schema/(too-deep|file-parse) ${at(1).replace(/[.$[\]]/g, '\\$&')}$`)),
    ]);
  });

  it('a YAML alias bomb is refused', () => {
    const dir = tempDir('mcp-gen-schema-files-bomb-');
    const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++)
      lines.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    writeFileSync(join(dir, 'bomb.yaml'), `${lines.join('\n')}\n`);
    expect(quickly(10_000, () => errors(withRefs('bomb.yaml'), dir))).toEqual([`schema/file-parse ${at(0)}`]);
  });

  it('more files than the limit: an error, after reading no more than the limit', () => {
    const dir = tempDir('mcp-gen-schema-files-wide-');
    const count = SCHEMA_LIMITS.files + 10;
    for (let i = 0; i < count; i++) writeFileSync(join(dir, `w${i}.json`), '{"type": "string"}');
    const wide = {
      schemaFiles: true,
      tools: {
        t: {
          inputSchema: {
            type: 'object',
            properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, { $ref: `w${i}.json` }])),
          },
        },
      },
    };
    const found = quickly(10_000, () => errors(wide, dir));
    expect(found).toHaveLength(10);
    expect(new Set(found.map((f) => f.split(' ')[0]))).toEqual(new Set(['schema/too-large']));
  });
});
