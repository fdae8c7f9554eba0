// In-process validation of manifest text, for the security tests.
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { Issue } from '../../generator/core/issue.js';
import { loadManifest } from '../../generator/load/load-manifest.js';
import { resolveSchemaFiles } from '../../generator/load/schema-files/resolve.js';
import { validateManifest } from '../../generator/validate/validate-manifest.js';

export const BASE = { version: 1, server: { name: 'guarded', version: '1.0.0' } };

/**
 * Issues for a manifest given as an object (merged over a minimal valid one) or as YAML text, as `validate` finds
 * them: schema files (with schemaFiles: true) are read from `dir`.
 */
export function validate(manifest: Record<string, unknown> | string, dir = '/nonexistent'): Issue[] {
  const text = typeof manifest === 'string' ? manifest : stringify({ ...BASE, ...manifest }, { lineWidth: 0 });
  return validateManifest(resolveSchemaFiles(loadManifest(join(dir, 'mcp.yaml'), text)));
}

/** `code path` of each error, for compact expectations. */
export function errors(manifest: Record<string, unknown> | string, dir?: string): string[] {
  return validate(manifest, dir)
    .filter((i) => i.severity === 'error')
    .map((i) => `${i.code} ${i.path}`);
}
