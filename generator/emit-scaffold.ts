// Project files around the code: package.json, tsconfig, README, entry point, lifecycle, smoke test.
import type { EmittedFile } from './emit-project.js';
import { stringLiteral } from './js-literal.js';
import { readStatic, renderTemplate } from './render-template.js';
import type { ServerModel } from './server-model.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-root.js';

function readSchema(): string {
  return readFileSync(join(packageRoot(), 'schemas', 'manifest.schema.json'), 'utf8');
}

export function emitScaffold(model: ServerModel): Map<string, EmittedFile> {
  const http = model.http ?? { host: '127.0.0.1', port: 3000, path: '/mcp' };
  const data = {
    ...model,
    packageNameLiteral: stringLiteral(model.packageName),
    serverVersionLiteral: stringLiteral(model.serverVersion),
    serverNameLiteral: stringLiteral(model.serverName),
    descriptionLiteral: stringLiteral(model.description),
    descriptionText: model.description || `The ${model.serverTitle} MCP server.`,
    httpHost: http.host,
    httpPort: String(http.port),
    httpPath: http.path,
    inventory: inventory(model),
  };
  const user = (content: string): EmittedFile => ({ owner: 'user', content });
  return new Map([
    ['package.json', user(renderTemplate('project/package.json.hbs', data))],
    ['tsconfig.json', user(readStatic('project/tsconfig.json'))],
    ['.gitignore', user(readStatic('project/gitignore'))],
    ['README.md', user(renderTemplate('project/README.md.hbs', data))],
    ['src/main.ts', user(readStatic('project/src/main.ts'))],
    ['src/lifecycle.ts', user(readStatic('project/src/lifecycle.ts'))],
    ['test/server.test.ts', user(readStatic('project/test/server.test.ts'))],
    // A copy of the manifest schema, so editors complete and check mcp.yaml offline.
    ['.mcp-gen/manifest.schema.json', { owner: 'generator', content: readSchema() }],
  ]);
}

function inventory(model: ServerModel): string {
  const rows: string[] = [];
  const section = (title: string, items: { name: string; summary: string }[]) => {
    if (items.length === 0) return;
    rows.push(`### ${title}`, '', ...items.map((i) => `- \`${i.name.replace(/`/g, "'")}\`${i.summary.includes(': ') ? ` — ${i.summary.slice(i.summary.indexOf(': ') + 2)}` : ''}`), '');
  };
  section('Tools', model.tools);
  section('Resources', model.resources);
  section('Resource templates', model.templates);
  section('Prompts', model.prompts);
  return rows.length ? rows.join('\n').trimEnd() : 'Nothing yet: add tools, resources or prompts to the manifest.';
}
