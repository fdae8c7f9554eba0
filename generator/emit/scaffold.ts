// Project files around the code: package.json, tsconfig, README, Dockerfile, entry point, lifecycle, smoke test.
import type { EmittedFile } from './emitted-file.js';
import { stringLiteral } from '../model/index.js';
import { readStatic, renderTemplate } from './render-template.js';
import type { ServerModel } from '../model/index.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HTTP_DEFAULTS, markdownText, packageRoot } from '../core/index.js';
import { readmeInventory } from '../model/index.js';
import { platformScripts } from './platforms.js';

function readSchema(): string {
  return readFileSync(join(packageRoot(), 'schemas', 'manifest.schema.json'), 'utf8');
}

export function emitScaffold(model: ServerModel): Map<string, EmittedFile> {
  const http = model.http ?? HTTP_DEFAULTS;
  const data = {
    ...model,
    packageNameLiteral: stringLiteral(model.packageName),
    serverVersionLiteral: stringLiteral(model.serverVersion),
    serverNameLiteral: stringLiteral(model.serverName),
    descriptionLiteral: stringLiteral(model.description),
    nodeEnginesLiteral: stringLiteral(model.nodeEngines),
    // The MCP Registry checks that the npm package names the server it is published for.
    mcpNameLiteral: model.registry ? stringLiteral(model.registry.mcpName) : null,
    // The README is Markdown: what the manifest says is shown as text, never run as HTML.
    serverTitle: markdownText(model.serverTitle),
    descriptionText: markdownText(model.description || `The ${model.serverTitle} MCP server.`),
    httpHost: http.host,
    httpPort: String(http.port),
    httpPath: http.path,
    inventory: readmeInventory(model),
    // Only the packages of the features the manifest enables (generator/model/runtime-features.ts).
    dependenciesJson: nestedJson(model.packages.dependencies),
    devDependenciesJson: nestedJson(model.packages.devDependencies),
    httpEnabled: model.http !== null,
    // The targets' own commands (dev:workers, deploy:workers, start:deno, ...).
    platformScripts: platformScripts(model),
    scaleRedis: model.scale.store === 'redis',
    // MCP Apps views: `npm run build` bundles them first (scripts/build-views.mjs), the image builds them from their folders.
    hasViews: model.views.length > 0,
    // The JSON form of COPY: a folder name may hold a space.
    viewCopies: model.views.map((v) => `[${[v.source, `./${v.source}`].map((p) => JSON.stringify(p)).join(', ')}]`),
    // npm bin names cannot carry a scope.
    binName: model.packageName.replace(/^@[^/]+\//, ''),
    binNameLiteral: stringLiteral(model.packageName.replace(/^@[^/]+\//, '')),
    // A restarting process suits HTTP (clients reconnect); a stdio client would lose its pipe on every restart.
    devScriptLiteral: stringLiteral(
      model.http ? 'node scripts/dev.mjs --transport http --log-format pretty' : 'node scripts/dev.mjs --log-format pretty',
    ),
    // The Inspector runs the server from source, which serves the views' built files: build them first.
    inspectLiteral: stringLiteral(inspector(model, '')),
    inspectCliLiteral: stringLiteral(inspector(model, '--cli ')),
    devDescription: model.http
      ? `serves http://${http.host}:${http.port}${http.path} from source, restarting and type-checking on every change`
      : 'runs the server over stdio from source, restarting and type-checking on every change',
  };
  const user = (content: string): EmittedFile => ({ owner: 'user', content });
  return new Map([
    ['package.json', user(renderTemplate('project/package.json.hbs', data))],
    ['tsconfig.json', user(readStatic('project/tsconfig.json'))],
    ['.gitignore', user(readStatic('project/gitignore'))],
    ['README.md', user(renderTemplate('project/README.md.hbs', data))],
    ['Dockerfile', user(renderTemplate('project/Dockerfile.hbs', data))],
    ['.dockerignore', user(readStatic('project/dockerignore'))],
    // Generated files marked as such (GitHub collapses them in reviews), and the layout editors should keep.
    ['.gitattributes', user(readStatic('project/gitattributes'))],
    ['.editorconfig', user(readStatic('project/editorconfig'))],
    ['src/main.ts', user(readStatic('project/src/main.ts'))],
    ['src/lifecycle.ts', user(readStatic('project/src/lifecycle.ts'))],
    ['scripts/dev.mjs', user(readStatic('project/scripts/dev.mjs'))],
    ['test/server.test.ts', user(readStatic('project/test/server.test.ts'))],
    // A copy of the manifest schema, so editors complete and check mcp.yaml offline.
    ['.mcp-gen/manifest.schema.json', { owner: 'generator', content: readSchema() }],
  ]);
}

/** An object one level down in package.json, in its two-space layout. */
function nestedJson(value: Record<string, string>): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, '\n  ');
}

/** The MCP Inspector against the server from source (on Node 22, which npx fetches), the views built first. */
function inspector(model: ServerModel, mode: string): string {
  const run = `npx -y -p node@22 -p @modelcontextprotocol/inspector@${model.sdk.inspector} mcp-inspector ${mode}tsx src/main.ts`;
  return model.views.length > 0 ? `npm run build:views && ${run}` : run;
}
