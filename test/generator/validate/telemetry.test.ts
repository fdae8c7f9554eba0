import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../generator/core/manifest-types.js';
import { checkTelemetry } from '../../../generator/validate/telemetry.js';
import { runCli, tempDir } from '../../support/project.js';

const manifest = (telemetry: Manifest['telemetry']): Manifest => ({ version: 1, server: { name: 's', version: '1' }, telemetry });

describe('telemetry.trustClientSampling', () => {
  it.each([
    { given: undefined, want: [] },
    { given: { otel: true }, want: [] },
    { given: { otel: true, trustClientSampling: true }, want: [] },
    { given: { otel: true, trustClientSampling: false }, want: [] },
    { given: { trustClientSampling: true }, want: ['telemetry/needs-otel telemetry.trustClientSampling'] },
    { given: { otel: false, trustClientSampling: false }, want: ['telemetry/needs-otel telemetry.trustClientSampling'] },
  ])('$given', ({ given, want }) => {
    expect(checkTelemetry(manifest(given)).map((f) => `${f.code} ${f.path.join('.')}`)).toEqual(want);
  });

  it('validate places the error at the key, and refuses a value that is not a boolean', () => {
    const dir = tempDir();
    const base = 'version: 1\nserver: {name: s, version: 1.0.0}\ntools:\n  ping: {description: Answers pong.}\n';
    writeFileSync(join(dir, 'mcp.yaml'), `${base}telemetry:\n  trustClientSampling: true\n`);
    const r = runCli(['validate', '-m', join(dir, 'mcp.yaml'), '--format', 'json']);
    expect(r.code).toBe(1);
    const errors = (JSON.parse(r.stdout).issues as { code: string; severity: string; line: number; column: number }[]).filter(
      (i) => i.severity === 'error',
    );
    expect(errors).toMatchObject([{ code: 'telemetry/needs-otel', line: 6, column: 3 }]);
    writeFileSync(join(dir, 'mcp.yaml'), `${base}telemetry: {otel: true, trustClientSampling: sometimes}\n`);
    expect(runCli(['validate', '-m', join(dir, 'mcp.yaml')]).code).toBe(1);
    writeFileSync(join(dir, 'mcp.yaml'), `${base}telemetry: {otel: true, trustClientSampling: true}\n`);
    expect(runCli(['validate', '-m', join(dir, 'mcp.yaml')]).code).toBe(0);
  });
});
