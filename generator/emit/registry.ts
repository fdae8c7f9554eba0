// server.json at the project root: the MCP Registry entry, owned by the generator and rewritten on every run, so its
// version follows server.version. Only when the manifest names the server in the registry (server.registryName).
import type { EmittedFile } from './emitted-file.js';
import type { ServerModel } from '../model/index.js';

export function emitRegistry(model: ServerModel): Map<string, EmittedFile> {
  if (!model.registry) return new Map();
  return new Map([['server.json', { owner: 'generator', content: model.registry.serverJson }]]);
}
