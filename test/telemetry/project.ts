// The generated project the telemetry tests share: a tool of each outcome, a resource and a prompt, with
// `telemetry: {otel: true}`. Handlers use ctx.trace and their own OpenTelemetry tracer, as instrumented libraries do.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildProject, generateProject } from '../support/project.js';

export const MANIFEST = `version: 1
server: {name: observed, version: 2.3.4}
transports:
  http: {}
telemetry: {otel: true}
tools:
  echo:
    description: Echoes its text inside a child span
    inputSchema: {type: object, properties: {text: {type: string}}, required: [text]}
  fails:
    description: Always answers with a tool error
  limited:
    description: One call a minute
    policy: {rateLimit: {requests: 1, windowMs: 60000}}
  slow:
    description: Takes two seconds unless aborted
    policy: {timeoutMs: 100}
resources:
  motd: {uri: 'observed://motd', mimeType: text/plain, text: Good morning}
prompts:
  greet:
    description: Greets someone
    arguments: [{name: who, required: true}]
    messages: [{role: user, content: {type: text, text: 'Say hello to {{who}}'}}]
`;

const HANDLERS: Record<string, string> = {
  'src/handlers/tools/echo.ts': `import { trace } from '@opentelemetry/api';
import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const echo: ToolHandler<'echo'> = async (input, ctx) => {
  ctx.trace.setAttribute('app.text.length', input.text.length);
  await ctx.log.info(\`echoing \${input.text}\`);
  const inner = await ctx.trace.span('lookup', async (span) => {
    span.setAttribute('app.step', 'lookup');
    // What an instrumented client library does: a span of its own tracer, under whatever span is active.
    const own = trace.getTracer('app-db').startSpan('db.query');
    own.end();
    return own.spanContext().spanId;
  });
  return text(JSON.stringify({ text: input.text, traceId: ctx.trace.traceId, spanId: ctx.trace.spanId, inner }));
};
`,
  'src/handlers/tools/fails.ts': `import type { ToolHandler } from '../../generated/types.gen.js';
import { toolError } from '../../generated/context.gen.js';
export const fails: ToolHandler<'fails'> = async () => toolError('the upstream said no');
`,
  'src/handlers/tools/limited.ts': `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const limited: ToolHandler<'limited'> = async () => text('admitted');
`,
  'src/handlers/tools/slow.ts': `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const slow: ToolHandler<'slow'> = async (_input, ctx) => {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2000);
    ctx.signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); });
  });
  return text('done');
};
`,
};

/** Generates (from MANIFEST, or a variant of it), writes the handlers and builds; returns the project folder. */
export function observedProject(manifest = MANIFEST): string {
  const dir = generateProject(manifest);
  for (const [file, content] of Object.entries(HANDLERS)) writeFileSync(join(dir, file), content);
  buildProject(dir);
  return dir;
}

/** A client-side trace context: W3C traceparent of a sampled remote span. */
export const CLIENT_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
export const CLIENT_SPAN_ID = '00f067aa0ba902b7';
export const TRACEPARENT = `00-${CLIENT_TRACE_ID}-${CLIENT_SPAN_ID}-01`;
