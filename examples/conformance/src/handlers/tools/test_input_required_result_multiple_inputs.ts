import type { ToolHandler } from '../../generated/types.gen.js';
import { question, text } from '../../generated/context.gen.js';

/** Tool "test_input_required_result_multiple_inputs": MRTR (SEP-2322): asks for elicitation, sampling and roots input in a single round */
export const testInputRequiredResultMultipleInputs: ToolHandler<'test_input_required_result_multiple_inputs'> = async (
  _input,
  ctx,
) => {
  const { user_name, greeting, client_roots } = await ctx.ask({
    user_name: question.elicit({
      message: 'What is your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    }),
    greeting: question.sample({
      messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
      maxTokens: 50,
    }),
    client_roots: question.roots(),
  });
  const block = Array.isArray(greeting.content) ? greeting.content[0] : greeting.content;
  const hello = block?.type === 'text' ? block.text : 'Hello';
  return text(
    `${hello} ${String(user_name.content?.name ?? 'stranger')}: ${client_roots.roots.length} root(s) visible`,
  );
};
