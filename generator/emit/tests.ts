// test/contract.gen.test.ts: the manifest's examples as contract tests. Owned by the generator (rewritten on every
// run); the examples themselves live in src/generated/examples.gen.ts.
import type { EmittedFile } from './emit-project.js';
import { renderTemplate } from './render-template.js';
import type { ServerModel } from '../model/server-model.js';

export function emitTests(model: ServerModel): Map<string, EmittedFile> {
  return new Map([['test/contract.gen.test.ts', { owner: 'generator', content: renderTemplate('project/test/contract.gen.test.ts.hbs', model) }]]);
}
