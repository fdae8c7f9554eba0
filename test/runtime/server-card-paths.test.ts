// The paths validate keeps free for the server card are the paths the generated server serves it at.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { serverCardPaths } from '../../generator/core/index.js';
import { linkDeps } from '../support/generated-deps.js';
import { ROOT } from '../support/project.js';

// The runtime imports @modelcontextprotocol/server, which only generated projects install: a copy beside their deps.
const dir = join(ROOT, '.cache', 'runtime-server-card');
mkdirSync(dir, { recursive: true });
linkDeps(dir);
copyFileSync(join(ROOT, 'templates', 'runtime', 'server-card.ts'), join(dir, 'server-card.gen.ts'));
const served = (await import(join(dir, 'server-card.gen.ts'))) as typeof import('../../templates/runtime/server-card.js');

it.each(['/mcp', '/rpc/', '/', '/a/b//', '/mcp/server-card'])('%s: validate and the server agree', (path) => {
  expect(serverCardPaths(path)).toEqual(served.serverCardPaths(path));
});
