import { ProtocolError, ProtocolErrorCode, type CompleteResult, type McpServer } from '@modelcontextprotocol/server';
import type { Completer } from './adapters.gen.js';

/** Suggests values for one prompt argument or template variable; `args` holds what the client already filled in. */
export type { Completer };

export interface CompletionTables {
  /** Every prompt by name, with completers for the arguments that have them. */
  prompts: Record<string, Record<string, Completer>>;
  /** Every resource template by uriTemplate, with completers for the variables that have them. */
  templates: Record<string, Record<string, Completer>>;
  /** Fixed resource URIs: completing one is not an error, it just has nothing to offer. */
  resources: readonly string[];
}

/** Values from the manifest: those starting with what was typed, ignoring case, in manifest order. */
export function fromList(values: readonly string[]): Completer {
  return async (value) => values.filter((v) => v.toLowerCase().startsWith(value.toLowerCase()));
}

const MAX_VALUES = 100;

/**
 * completion/complete for both prompt arguments and template variables. The SDK's own completion support needs zod
 * schemas (completable), which manifest prompts do not have, so the generated server answers the request itself.
 */
export function installCompletions(server: McpServer, tables: CompletionTables): void {
  server.server.registerCapabilities({ completions: {} });
  server.server.setRequestHandler('completion/complete', async (request, ctx): Promise<CompleteResult> => {
    const { ref, argument, context } = request.params;
    let completers: Record<string, Completer> | undefined;
    if (ref.type === 'ref/prompt') {
      completers = Object.hasOwn(tables.prompts, ref.name) ? tables.prompts[ref.name] : undefined;
      if (!completers) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${ref.name} not found`);
    } else if (ref.type === 'ref/resource') {
      if (tables.resources.includes(ref.uri)) return empty();
      completers = Object.hasOwn(tables.templates, ref.uri) ? tables.templates[ref.uri] : undefined;
      if (!completers)
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource template ${ref.uri} not found`);
    } else {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid completion reference');
    }
    const complete = Object.hasOwn(completers, argument.name) ? completers[argument.name] : undefined;
    if (!complete) return empty();
    const values = await complete(argument.value, context?.arguments ?? {}, ctx);
    return {
      completion: { values: values.slice(0, MAX_VALUES), total: values.length, hasMore: values.length > MAX_VALUES },
    };
  });
}

function empty(): CompleteResult {
  return { completion: { values: [], total: 0, hasMore: false } };
}
