// A generated server for the attacks on the shared store: scale.store redis with tasks (so tasks live in Redis),
// tool limits, bearer callers, a tool that raises resource updates and one that asks the user from within a task.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildProject, generateProject } from './project.js';

export const TOKENS = {
  alice: 'alice-token-0123456789abcdef0123456789',
  bob: 'bob-token-0123456789abcdef0123456789ab',
  carol: 'carol-token-0123456789abcdef01234567',
} as const;

export const TOKEN_ENV = { STORE_E2E_ALICE: TOKENS.alice, STORE_E2E_BOB: TOKENS.bob, STORE_E2E_CAROL: TOKENS.carol };

/** What onStart sets: small task caps, so that a test reaches them. */
export const TASK_CAPS = { maxConcurrentPerOwner: 2, maxTasksPerOwner: 6 };

const MANIFEST = `version: 1
server: {name: store-attacks, version: 1.0.0}
transports: {stdio: false, http: true}
capabilities: {resources: {subscribe: true}}
auth:
  type: bearer
  credentials:
    - {env: STORE_E2E_ALICE, principal: alice}
    - {env: STORE_E2E_BOB, principal: bob}
    - {env: STORE_E2E_CAROL, principal: carol}
scale: {store: redis, sessionTtlMs: 60000, eventRetention: 100}
tools:
  echo:
    description: Echoes the text back to the caller.
    inputSchema: {type: object, properties: {text: {type: string}}, required: [text]}
  single:
    description: Waits, one call at a time over every caller.
    inputSchema: {type: object, properties: {ms: {type: integer}}, required: [ms]}
    policy: {maxConcurrency: 1}
  bump:
    description: Raises an update of counter://n for its subscribers.
    inputSchema: {type: object, properties: {n: {type: integer}}, required: [n]}
  crunch:
    description: Works through some steps, reporting progress, and names the replica that ran it.
    inputSchema:
      type: object
      properties: {steps: {type: integer, minimum: 0}, stepMs: {type: integer, minimum: 0}}
      required: [steps, stepMs]
    execution: {taskSupport: optional}
  approve:
    description: Asks for approval from within its task.
    execution: {taskSupport: optional}
resourceTemplates:
  counter:
    uriTemplate: 'counter://{n}'
    description: A counter that bump updates.
    mimeType: text/plain
`;

const tool = (name: string, body: string, imports = '') => `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
${imports}
export const ${name}: ToolHandler<'${name}'> = async (input, ctx) => {
  ${body}
};
`;

const HANDLERS: Record<string, string> = {
  'src/handlers/tools/echo.ts': tool('echo', 'void ctx; return text(input.text);'),
  'src/handlers/tools/single.ts': tool('single', "await new Promise((r) => setTimeout(r, input.ms)); void ctx; return text('done');"),
  'src/handlers/tools/bump.ts': tool('bump', 'ctx.notify.resourceUpdated(`counter://${input.n}`); return text(`bumped ${input.n}`);'),
  'src/handlers/tools/crunch.ts': tool(
    'crunch',
    `for (let step = 1; step <= input.steps; step++) {
    await sleep(input.stepMs, undefined, { signal: ctx.signal });
    await ctx.progress(step, input.steps, \`step \${step}\`);
  }
  return text(\`crunched \${input.steps} on \${process.env.MCP_REPLICA_ID}\`);`,
    "import { setTimeout as sleep } from 'node:timers/promises';",
  ),
  'src/handlers/tools/approve.ts': tool(
    'approve',
    `void input;
  await ctx.task.start();
  const answer = await ctx.elicit({ message: 'Approve?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } });
  return text(\`\${answer.action === 'accept' && answer.content?.ok === true ? 'approved' : 'refused'} on \${process.env.MCP_REPLICA_ID}\`);`,
  ),
  'src/handlers/resource-templates/counter.ts': `import type { ResourceTemplateHandler } from '../../generated/types.gen.js';
export const counter: ResourceTemplateHandler<'counter'> = async (uri, variables) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: \`counter \${variables.n}\` }] });
`,
  'src/lifecycle.ts': `import { configureTasks } from './generated/runtime/tasks.gen.js';
export interface AppContext {}
export async function onStart(): Promise<AppContext> {
  configureTasks(${JSON.stringify(TASK_CAPS)});
  return {};
}
export async function onShutdown(_app: AppContext): Promise<void> {}
`,
};

/** Generates, fills in and builds the server; returns its folder. */
export function buildStoreProject(): string {
  const dir = generateProject(MANIFEST);
  for (const [path, content] of Object.entries(HANDLERS)) writeFileSync(join(dir, path), content);
  buildProject(dir);
  return dir;
}
