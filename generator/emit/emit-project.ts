import type { ServerModel } from '../model/index.js';
import { emitBundle } from './bundle.js';
import { emitDeploy } from './deploy.js';
import { emitGenerated } from './generated.js';
import { emitHandlers } from './handlers.js';
import { emitPlatforms } from './platforms.js';
import { emitRegistry } from './registry.js';
import { emitScaffold } from './scaffold.js';
import { emitTests } from './tests.js';
import { emitViews } from './views.js';
import type { EmittedFile } from './emitted-file.js';

/** Every file of the project, path (POSIX, relative to the output folder) -> content. Touches no disk. */
export function emitProject(model: ServerModel): Map<string, EmittedFile> {
  const files = new Map<string, EmittedFile>();
  for (const part of [
    emitGenerated(model),
    emitHandlers(model),
    emitScaffold(model),
    emitTests(model),
    emitDeploy(model),
    emitPlatforms(model),
    emitBundle(model),
    emitRegistry(model),
    emitViews(model),
  ]) {
    for (const [path, file] of part) files.set(path, file);
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
