import type { AuthInfo, CallToolResult, ContentBlock, LoggingLevel, ServerContext } from '@modelcontextprotocol/server';

export interface Logger {
  debug(data: unknown): Promise<void>;
  info(data: unknown): Promise<void>;
  notice(data: unknown): Promise<void>;
  warning(data: unknown): Promise<void>;
  error(data: unknown): Promise<void>;
}

/** What every handler receives besides its input. */
export interface HandlerContext<App> {
  /** The shared context that `onStart` in src/lifecycle.ts returned. */
  app: App;
  /** Aborted when the client cancels the request or the server shuts down; pass it to fetch() and friends. */
  signal: AbortSignal;
  /** The verified caller, when the transport authenticated one (HTTP with auth). */
  auth: AuthInfo | undefined;
  /** Log messages to the client (notifications/message), at or above the level the client asked for. */
  log: Logger;
  /** Report progress; a no-op unless the client asked for progress on this request. */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  /** The SDK's own request context, for anything not covered above. */
  sdk: ServerContext;
}

export function makeContext<App>(sdk: ServerContext, app: App): HandlerContext<App> {
  const log = (level: LoggingLevel) => (data: unknown) => sdk.mcpReq.log(level, data);
  return {
    app,
    signal: sdk.mcpReq.signal,
    auth: sdk.http?.authInfo,
    log: { debug: log('debug'), info: log('info'), notice: log('notice'), warning: log('warning'), error: log('error') },
    progress: async (progress, total, message) => {
      const progressToken = sdk.mcpReq._meta?.progressToken;
      if (progressToken === undefined) return;
      await sdk.mcpReq.notify({
        method: 'notifications/progress',
        params: { progressToken, progress, ...(total !== undefined ? { total } : {}), ...(message !== undefined ? { message } : {}) },
      });
    },
    sdk,
  };
}

/** A failed tool call the model can read and react to (`isError: true`), as opposed to a protocol error. */
export type ToolErrorResult = CallToolResult & { isError: true };

/** A successful result of a tool with an outputSchema: structuredContent of the declared type. */
export interface ToolSuccess<Output> {
  content: ContentBlock[];
  structuredContent: Output;
  isError?: false;
  _meta?: CallToolResult['_meta'];
}

export type ToolResult<Output> = [Output] extends [undefined] ? CallToolResult : ToolSuccess<Output> | ToolErrorResult;

/**
 * Handlers return the precise ToolResult of their tool; the SDK takes the general CallToolResult. The generated
 * output types may lack an index signature, which TypeScript will not widen implicitly, hence the one cast here.
 */
export async function toCallToolResult(result: Promise<CallToolResult | ToolSuccess<unknown>>): Promise<CallToolResult> {
  return (await result) as unknown as CallToolResult;
}

export function toolError(message: string): ToolErrorResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

export function text(value: string): CallToolResult {
  return { content: [{ type: 'text', text: value }] };
}

/** structuredContent plus its JSON text, which clients that predate structured output read. */
export function structured<Output extends object>(value: Output): ToolSuccess<Output> {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

export function notImplemented(kind: string, name: string, file: string): ToolErrorResult {
  return toolError(`${kind} ${JSON.stringify(name)} is not implemented yet: edit ${file}`);
}

export class NotImplementedError extends Error {
  constructor(kind: string, name: string, file: string) {
    super(`${kind} ${JSON.stringify(name)} is not implemented yet: edit ${file}`);
  }
}

/** Fills {{name}} placeholders of manifest prompt messages; validation guarantees every name is an argument. */
export function renderTemplate(template: string, args: object): string {
  const values = args as Record<string, unknown>;
  return template.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (_, name: string) => (Object.hasOwn(values, name) ? String(values[name] ?? '') : ''));
}
