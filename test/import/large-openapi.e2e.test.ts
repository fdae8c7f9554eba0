// A 500-operation OpenAPI document (from large-spec.ts) through import and generate. Not a timed test: the
// duration is printed for the record, and the assertions are about the result.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLI, tempDir } from '../support/project.js';
import { largeSpec } from './large-spec.js';

describe('import openapi: 500 operations', () => {
  it('imports and generates every operation', () => {
    const dir = tempDir('import-large-');
    writeFileSync(join(dir, 'large.json'), JSON.stringify(largeSpec(100), null, 2));
    const started = performance.now();
    const r = spawnSync(process.execPath, [CLI, 'import', 'openapi', 'large.json'], { cwd: dir, encoding: 'utf8' });
    const ms = Math.round(performance.now() - started);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/warning|error/);
    expect(r.stdout).toContain('imported 500 operations from large.json (OpenAPI 3.0.3)');
    expect(r.stdout).toContain('handlers that call the API: created 500, kept 0');
    const manifest = parse(readFileSync(join(dir, 'mcp.yaml'), 'utf8'));
    expect(Object.keys(manifest.tools)).toHaveLength(500);
    expect(manifest.tools.createItem42.inputSchema.$defs.Item42.allOf[1].required).toEqual(['name']);
    expect(readdirSync(join(dir, 'src', 'handlers', 'tools'))).toHaveLength(500);
    process.stdout.write(`import + generate of a 500-operation OpenAPI document: ${ms} ms\n`);
  });
});
