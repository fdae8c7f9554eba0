import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_missing_capability": SEP-2575: requires the sampling client capability (drives the -32021 undeclared-capability rejection) */
export const testMissingCapability: ToolHandler<'test_missing_capability'> = async (_input, ctx) => {
  // A client that did not declare sampling is refused by the SDK (-32021) before the question leaves the server.
  await ctx.sample(
    {
      messages: [{ role: 'user', content: { type: 'text', text: 'Reply with the single word: pong' } }],
      maxTokens: 16,
    },
    'llm_answer',
  );
  return text('sampling round-trip complete');
};
