// test/contract.gen.test.ts: the manifest's examples as contract tests. Owned by the generator (rewritten on every
// run); the examples themselves live in src/generated/examples.gen.ts.
import type { EmittedFile } from './emitted-file.js';
import { renderTemplate } from './render-template.js';
import type { ServerModel } from '../model/index.js';

export function emitTests(model: ServerModel): Map<string, EmittedFile> {
  return new Map([
    ['test/contract.gen.test.ts', { owner: 'generator', content: renderTemplate('project/test/contract.gen.test.ts.hbs', model) }],
  ]);
}
