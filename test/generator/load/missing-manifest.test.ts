import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingManifestHint } from '../../../generator/load/index.js';

function tree(dirs: Record<string, boolean>): string {
  const root = mkdtempSync(join(tmpdir(), 'missing-manifest-'));
  for (const [dir, withManifest] of Object.entries(dirs)) {
    mkdirSync(join(root, dir), { recursive: true });
    if (withManifest) writeFileSync(join(root, dir, 'mcp.yaml'), 'version: 1\n');
  }
  return root;
}

describe('missingManifestHint', () => {
  it('names the manifest one folder down', () => {
    const root = tree({ weather: true, docs: false });
    expect(missingManifestHint(join(root, 'mcp.yaml'))).toBe(
      `found ${join(root, 'weather', 'mcp.yaml')}: pass it with -m ${join(root, 'weather', 'mcp.yaml')}`,
    );
  });

  it('lists three and counts the rest, leaving out node_modules and hidden folders', () => {
    const root = tree({ a: true, b: true, c: true, d: true, node_modules: true, '.cache': true });
    const hint = missingManifestHint(join(root, 'mcp.yaml'));
    expect(hint).toMatch(/^found .*\/a\/mcp\.yaml, .*\/b\/mcp\.yaml, .*\/c\/mcp\.yaml, and 1 more: pass it with -m .*\/a\/mcp\.yaml$/);
  });

  it('gives the general hint when there is none, or no folder at all', () => {
    const root = tree({ empty: false });
    const general = 'pass the manifest with -m PATH, or run `mcp-gen init` to create one';
    expect(missingManifestHint(join(root, 'mcp.yaml'))).toBe(general);
    expect(missingManifestHint(join(root, 'no-such-folder', 'mcp.yaml'))).toBe(general);
  });
});
