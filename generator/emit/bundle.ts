// The MCP Bundle of a stdio server: manifest.json (from the manifest, rewritten on every run), the script behind
// `npm run bundle` (rewritten too: it follows manifest.json's layout), and .mcpbignore (yours once written).
import type { EmittedFile } from './emitted-file.js';
import { readStatic } from './render-template.js';
import type { ServerModel } from '../model/index.js';

export function emitBundle(model: ServerModel): Map<string, EmittedFile> {
  if (model.bundleManifestJson === null) return new Map();
  return new Map<string, EmittedFile>([
    ['manifest.json', { owner: 'generator', content: model.bundleManifestJson }],
    ['scripts/bundle.mjs', { owner: 'generator', content: readStatic('project/scripts/bundle.mjs') }],
    ['.mcpbignore', { owner: 'user', content: readStatic('project/mcpbignore') }],
  ]);
}
