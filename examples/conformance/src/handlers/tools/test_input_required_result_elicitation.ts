import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_input_required_result_elicitation": MRTR (SEP-2322): asks for the caller name via an in-band elicitation request */
export const testInputRequiredResultElicitation: ToolHandler<'test_input_required_result_elicitation'> = async (
  _input,
  ctx,
) => {
  const answer = await ctx.elicit(
    {
      message: 'What is your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    },
    'user_name',
  );
  return text(`Hello, ${answer.action === 'accept' ? String(answer.content?.name) : 'stranger'}!`);
};
