// `validate --format json`: every issue with its code, path, position and hint, for tools and editors.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT, runCli, tempDir } from './support/project.js';

it('reports all ten mistakes of a manifest as JSON with positions, exit 1', () => {
  const dir = tempDir('validate-json-');
  cpSync(join(ROOT, 'test/fixtures/error-ten-mistakes/mcp.yaml'), join(dir, 'mcp.yaml'));
  const r = runCli(['validate', '--format', 'json'], dir);
  expect(r.code).toBe(1);
  const report = JSON.parse(r.stdout);
  expect(report.file).toBe('mcp.yaml');
  expect(report.issues.map((i: { line: number; column: number; code: string }) => `${i.line}:${i.column} ${i.code}`)).toEqual([
    '5:3 manifest/unknown-key',
    '9:3 name/invalid-tool-name',
    '13:3 name/collision',
    '17:5 yaml/duplicate-key',
    '21:23 schema/invalid',
    '22:22 schema/unresolved-ref',
    '24:25 schema/root-not-object',
    '27:10 uri/invalid',
    '31:27 uri/invalid-template',
    '36:36 prompt/unknown-placeholder',
  ]);
  expect(report.issues[0]).toMatchObject({ severity: 'error', path: 'server.descripton', hint: "did you mean 'description'?" });
});

it('exits 0 and prints ok for a clean manifest', () => {
  const dir = tempDir('validate-ok-');
  cpSync(join(ROOT, 'test/fixtures/minimal/mcp.yaml'), join(dir, 'mcp.yaml'));
  const r = runCli(['validate'], dir);
  expect(r).toEqual({ code: 0, stdout: 'mcp.yaml: ok\n', stderr: '' });
});
