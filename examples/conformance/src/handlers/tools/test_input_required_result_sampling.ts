import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_input_required_result_sampling": MRTR (SEP-2322): asks for an LLM completion via an in-band sampling request */
export const testInputRequiredResultSampling: ToolHandler<'test_input_required_result_sampling'> = async (
  _input,
  ctx,
) => {
  const reply = await ctx.sample(
    { messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }], maxTokens: 100 },
    'capital_question',
  );
  const block = Array.isArray(reply.content) ? reply.content[0] : reply.content;
  return text(`Sampling response: ${block?.type === 'text' ? block.text : JSON.stringify(reply.content)}`);
};
