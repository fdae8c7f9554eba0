// The generated server the scaling test and bench run as several replicas: scale.store redis, a rate-limited tool,
// a tool that raises resource updates, one that asks the user (elicitation), one that names its replica, and one
// that takes its time.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildProject, generateProject } from './project.js';

export const SCALED_MANIFEST = `version: 1
server: {name: scaled, version: 1.0.0}
transports: {stdio: false, http: true}
capabilities: {resources: {subscribe: true}}
scale: {store: redis, sessionTtlMs: 60000, eventRetention: 500}
tools:
  echo:
    description: Echoes the text back to the caller.
    inputSchema: {type: object, properties: {text: {type: string}}, required: [text]}
  whoami:
    description: Names the replica that served the call.
  bump:
    description: Raises an update of counter://n for its subscribers.
    inputSchema: {type: object, properties: {n: {type: integer}}, required: [n]}
  limited:
    description: A tool limited to ten calls a minute per caller.
    policy: {rateLimit: {requests: 10, windowMs: 60000}}
  confirm:
    description: Asks the user to confirm, then reports the answer.
  wait:
    description: Answers after the given number of milliseconds.
    inputSchema: {type: object, properties: {ms: {type: integer}}, required: [ms]}
resourceTemplates:
  counter:
    uriTemplate: 'counter://{n}'
    description: A counter that bump updates.
    mimeType: text/plain
`;

const tool = (name: string, body: string) => `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const ${name}: ToolHandler<'${name}'> = async (input, ctx) => {
  ${body}
};
`;

const HANDLERS: Record<string, string> = {
  'src/handlers/tools/echo.ts': tool('echo', 'return text(input.text);'),
  'src/handlers/tools/whoami.ts': tool('whoami', "void input; void ctx; return text(process.env.MCP_REPLICA_ID ?? '?');"),
  'src/handlers/tools/bump.ts': tool(
    'bump',
    'ctx.notify.resourceUpdated(`counter://${input.n}`); return text(`bumped ${input.n} on ${process.env.MCP_REPLICA_ID}`);',
  ),
  'src/handlers/tools/limited.ts': tool('limited', "void input; void ctx; return text('ok');"),
  'src/handlers/tools/confirm.ts': tool(
    'confirm',
    "void input; const answer = await ctx.elicit({ message: 'Proceed?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } }); return text(`${answer.action} ${JSON.stringify(answer.content)} on ${process.env.MCP_REPLICA_ID}`);",
  ),
  'src/handlers/tools/wait.ts': tool('wait', "await new Promise((r) => setTimeout(r, input.ms)); void ctx; return text('waited');"),
  'src/handlers/resource-templates/counter.ts': `import type { ResourceTemplateHandler } from '../../generated/types.gen.js';
export const counter: ResourceTemplateHandler<'counter'> = async (uri, variables) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: \`counter \${variables.n}\` }] });
`,
};

/** Generates, fills in and builds the scaled server; returns its folder. */
export function buildScaledProject(): string {
  const dir = generateProject(SCALED_MANIFEST);
  for (const [path, content] of Object.entries(HANDLERS)) writeFileSync(join(dir, path), content);
  buildProject(dir);
  return dir;
}
