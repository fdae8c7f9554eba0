import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../support/project.js';

it('generator/core/manifest-types.ts is generated from the current manifest schema', async () => {
  // @ts-expect-error: a plain .mjs script without type declarations
  const { renderManifestTypes } = await import('../../../scripts/build-manifest-types.mjs');
  expect(readFileSync(join(ROOT, 'generator', 'core', 'manifest-types.ts'), 'utf8'), 'run node scripts/build-manifest-types.mjs').toBe(
    await renderManifestTypes(),
  );
});
