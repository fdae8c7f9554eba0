import type {
  AudioContent,
  CallToolResult,
  ContentBlock,
  EmbeddedResource,
  ImageContent,
  ResourceLink,
  TextContent,
} from '@modelcontextprotocol/server';

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

export function toolError(message: string): ToolErrorResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/** A result of content blocks: `result(textBlock('a'), image(png, 'image/png'))`. */
export function result(...content: ContentBlock[]): CallToolResult {
  return { content };
}

/** A result holding one text block. */
export function text(value: string): CallToolResult {
  return { content: [textBlock(value)] };
}

/** A text block, for `result(...)` and prompt messages. */
export function textBlock(value: string): TextContent {
  return { type: 'text', text: value };
}

/** An image block; `data` is base64. */
export function image(data: string, mimeType: string): ImageContent {
  return { type: 'image', data, mimeType };
}

/** An audio block; `data` is base64. */
export function audio(data: string, mimeType: string): AudioContent {
  return { type: 'audio', data, mimeType };
}

/** A link to a resource the client may read later. */
export function resourceLink(link: Omit<ResourceLink, 'type'>): ResourceLink {
  return { type: 'resource_link', ...link };
}

/** A resource embedded with its contents: `{uri, mimeType?, text}` or `{uri, mimeType?, blob}` (base64). */
export function embeddedResource(resource: EmbeddedResource['resource']): EmbeddedResource {
  return { type: 'resource', resource };
}

/**
 * The value's type as written, without the `readonly` that a `const` type parameter adds: literals stay literals
 * (`units: 'metric'` is a member of the schema's enum, not any string), and a list written inline is still a list.
 */
type Written<T> = T extends readonly (infer U)[]
  ? Written<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: Written<T[K]> }
    : T;

/**
 * structuredContent plus a text block for clients that read text only (those that predate structured output, hosts
 * that render no MCP Apps view, the model): `text` when given (a summary a reader can use), else the value's JSON.
 */
export function structured<const Output extends object>(value: Output, text?: string): ToolSuccess<Written<Output>> {
  return {
    content: [{ type: 'text', text: text ?? JSON.stringify(value) }],
    structuredContent: value as Written<Output>,
  };
}

export function notImplemented(kind: string, name: string, file: string): ToolErrorResult {
  return toolError(`${kind} ${JSON.stringify(name)} is not implemented yet: edit ${file}`);
}
