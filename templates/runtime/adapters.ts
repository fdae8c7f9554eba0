// One adapter per kind of entry: it turns the handler the user wrote into the callback the SDK's registration takes.
// Each applies, in this order: the tool's input defaults, the handler's context (`ctx`), the task machinery (tools
// declared with execution.taskSupport), mock mode (an answer from the manifest's examples instead of the handler),
// and the answers to input-required questions (ctx.ask: the result a 2026-07-28 client calls again with).
import {
  fromJsonSchema,
  type CallToolResult,
  type GetPromptResult,
  type InputRequiredResult,
  type JsonSchemaType,
  type McpServer,
  type ProtocolEra,
  type ReadResourceResult,
  type ServerContext,
  type Variables,
} from '@modelcontextprotocol/server';
import { answering } from './ask.gen.js';
import { type HandlerContext, makeContext } from '../context.gen.js';
import type { ToolSuccess } from './results.gen.js';

/** What answers in mock mode: each entry by its kind and name, from the manifest's examples (mock.gen.ts). */
export interface StandIns {
  tool(name: string, input: unknown): CallToolResult;
  resource(name: string, uri: URL): ReadResourceResult;
  template(name: string, uri: URL, variables: unknown): ReadResourceResult;
  prompt(name: string, args: unknown): GetPromptResult;
}

let standIns: StandIns | undefined;

/** Mock mode: servers built from now on answer from `table` and run no handler. Chosen once, at start-up. */
export function answerFrom(table: StandIns): void {
  standIns = table;
}

type Answer<R> = Promise<R | InputRequiredResult>;
type ToolCallback = (input: object, sdk: ServerContext) => Answer<CallToolResult>;
type ToolHandler<Input, Ctx> = (input: Input, ctx: Ctx) => Promise<CallToolResult | ToolSuccess<unknown>>;
/** Runs a task-capable tool's handler with `ctx.task` (tasks.gen.ts's inTask). */
export type TaskRunner<App, Ctx> = <R>(
  sdk: ServerContext,
  base: HandlerContext<App>,
  run: (ctx: Ctx) => Promise<R>,
) => Promise<R>;

export interface ToolOptions {
  /** Defaults of the tool's top-level input properties, filled in (a fresh copy per call) before its handler runs. */
  defaults?: object;
}

/** A completer as completion/complete calls it (completions.gen.ts). */
export type Completer = (value: string, args: Record<string, string>, sdk: ServerContext) => Promise<string[]>;

/** The adapters of one server: the handlers' context is the one `app`, served in `era`. */
export function adapters<App>(server: McpServer, app: App, era: ProtocolEra) {
  const context = (sdk: ServerContext) => makeContext(sdk, app, server, era);
  const stand = standIns;

  function tool<Input>(
    name: string,
    handler: ToolHandler<Input, HandlerContext<App>>,
    options?: ToolOptions,
  ): ToolCallback;
  function tool<Input, Ctx>(
    name: string,
    handler: ToolHandler<Input, Ctx>,
    options: ToolOptions & { task: TaskRunner<App, Ctx> },
  ): ToolCallback;
  function tool<Input, Ctx>(
    name: string,
    handler: ToolHandler<Input, Ctx | HandlerContext<App>>,
    options: ToolOptions & { task?: TaskRunner<App, Ctx> } = {},
  ): ToolCallback {
    const { defaults, task } = options;
    // The SDK validated what the client sent, without defaults; the handler's input type has them present.
    const filled = (input: object) =>
      defaults ? ({ ...structuredClone(defaults), ...input } as Input) : (input as Input);
    const run = (input: object, ctx: Ctx | HandlerContext<App>) =>
      stand ? Promise.resolve(stand.tool(name, input)) : handler(filled(input), ctx);
    return (input, sdk) =>
      answering(sdk, async () =>
        callToolResult(await (task ? task(sdk, context(sdk), (ctx) => run(input, ctx)) : run(input, context(sdk)))),
      );
  }

  function resource(name: string, handler: (uri: URL, ctx: HandlerContext<App>) => Promise<ReadResourceResult>) {
    return (uri: URL, sdk: ServerContext): Answer<ReadResourceResult> =>
      answering(sdk, async () => (stand ? stand.resource(name, uri) : handler(uri, context(sdk))));
  }

  function template<V>(
    name: string,
    handler: (uri: URL, variables: V, ctx: HandlerContext<App>) => Promise<ReadResourceResult>,
  ) {
    return (uri: URL, variables: Variables, sdk: ServerContext): Answer<ReadResourceResult> =>
      answering(sdk, async () =>
        stand
          ? stand.template(name, uri, variables)
          : // The variables come from the server's own matcher (uri-template.gen.ts), in the shape types.gen.ts gives.
            handler(uri, variables as V, context(sdk)),
      );
  }

  /** Prompts with arguments get them validated by the SDK; one without is called with the context alone. */
  function prompt<Args>(name: string, handler: (args: Args, ctx: HandlerContext<App>) => Promise<GetPromptResult>) {
    return (...call: [Args, ServerContext] | [ServerContext]): Answer<GetPromptResult> => {
      // A prompt registered without argsSchema declares no arguments: its Args is {}.
      const [args, sdk] = call.length === 2 ? call : [{} as Args, call[0]];
      return answering(sdk, async () => (stand ? stand.prompt(name, args) : handler(args, context(sdk))));
    };
  }

  function completion(
    handler: (value: string, args: Record<string, string>, ctx: HandlerContext<App>) => Promise<string[]>,
  ): Completer {
    return (value, args, sdk) => handler(value, args, context(sdk));
  }

  return { tool, resource, template, prompt, completion };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The handler's precise result as the SDK's CallToolResult. The generated output types are interfaces, which lack the
 * index signature of the SDK's `structuredContent`: the object is carried over as it is. A value that is not an object
 * (no outputSchema allows one) is left out, and the SDK answers that the structured content is missing.
 */
function callToolResult(result: CallToolResult | ToolSuccess<unknown>): CallToolResult {
  const { structuredContent, ...rest } = result;
  return isRecord(structuredContent) ? { ...rest, structuredContent } : rest;
}

/**
 * A published schema (definitions.gen.ts) as the SDK's fromJsonSchema takes it. The SDK's schema type has no room for
 * the vendor keywords (`x-...`) a manifest may publish, and the validator ignores them: hence the one cast.
 */
export function jsonSchema(published: object | undefined): JsonSchemaType {
  if (published === undefined) throw new Error('jsonSchema: the definition has no such schema');
  return published as JsonSchemaType;
}

/** What the SDK's fromJsonSchema returns: a Standard Schema that also carries its JSON Schema. */
type JsonStandardSchema<T> = ReturnType<typeof fromJsonSchema<T>>;

/**
 * fromJsonSchema, compiled on first use. The SDK compiles a validator when fromJsonSchema is called (and builds its
 * Ajv instance for the first one): at module scope, start-up work that a first tools/list never needs. The object has
 * the shape fromJsonSchema gives (the same vendor, the same JSON Schema both ways, its validate on the first call), so
 * the SDK lists and validates with it exactly as with the compiled one.
 */
export function lazyJsonSchema<T>(schema: JsonSchemaType): JsonStandardSchema<T> {
  let compiled: JsonStandardSchema<T> | undefined;
  const standard = {
    version: 1,
    vendor: 'mcp',
    jsonSchema: { input: () => schema, output: () => schema },
    validate: (value: unknown) => (compiled ??= fromJsonSchema<T>(schema))['~standard'].validate(value),
  };
  return { '~standard': standard } as JsonStandardSchema<T>;
}
