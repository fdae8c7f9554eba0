// The projects the platform tests and `npm run bench` run on each runtime: the weather example (its manifest lists
// every target) and a server with bearer auth. No test framework here: the bench imports it too.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { buildProject, copyExample, generateProject, ROOT, runCli } from './project.js';

/** The weather example, regenerated (nothing may change) and built: its manifest lists every target. */
export function weatherProject(): { dir: string; manifest: any } {
  const dir = copyExample('weather');
  const regen = runCli(['generate', '-m', join(dir, 'mcp.yaml')]);
  if (regen.code !== 0 || !/^up to date|^created 0, updated 0, unchanged \d+ in/m.test(regen.stdout))
    throw new Error(`examples/weather is stale: run mcp-gen generate -m examples/weather/mcp.yaml\n${regen.stdout}${regen.stderr}`);
  buildProject(dir);
  return { dir, manifest: parse(readFileSync(join(ROOT, 'examples', 'weather', 'mcp.yaml'), 'utf8')) };
}

/** The token the auth project accepts, in MCP_TOKEN. */
export const TOKEN = 'platform-token-0123456789abcdef';

/** A server with bearer auth on every target: a tool that says who called. */
export function authProject(): string {
  const dir = generateProject(`version: 1
server: {name: guarded, version: 1.0.0}
targets: [node, deno, bun, workers, vercel, lambda]
transports: {http: {path: /mcp}}
auth:
  type: bearer
  credentials: [{env: MCP_TOKEN, principal: ops}]
tools:
  whoami:
    description: The caller
`);
  const handler = `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const whoami: ToolHandler<'whoami'> = async (_input, ctx) => text(String(ctx.auth?.clientId));
`;
  writeFileSync(join(dir, 'src/handlers/tools/whoami.ts'), handler);
  buildProject(dir);
  return dir;
}

/** Writes the handler of tool `name`: `body` runs with `input` and `ctx` in scope, and `text` imported. */
export function writeToolHandler(dir: string, name: string, body: string): void {
  writeFileSync(
    join(dir, 'src/handlers/tools', `${name}.ts`),
    `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const ${name}: ToolHandler<'${name}'> = async (input, ctx) => {
  void input;
  void ctx;
${body}
};
`,
  );
}
