import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_sampling": Tests server-initiated sampling (LLM completion request) */
export const testSampling: ToolHandler<'test_sampling'> = async (input, ctx) => {
  const reply = await ctx.sample({
    messages: [{ role: 'user', content: { type: 'text', text: input.prompt } }],
    maxTokens: 100,
  });
  const block = Array.isArray(reply.content) ? reply.content[0] : reply.content;
  return text(`LLM response: ${block?.type === 'text' ? block.text : 'No response'}`);
};
