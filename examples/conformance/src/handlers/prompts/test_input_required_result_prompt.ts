import type { PromptHandler } from '../../generated/types.gen.js';

/** Prompt "test_input_required_result_prompt": MRTR (SEP-2322): prompt that requires elicitation input before rendering */
export const testInputRequiredResultPrompt: PromptHandler<'test_input_required_result_prompt'> = async (_args, ctx) => {
  const answer = await ctx.elicit(
    {
      message: 'What context should the prompt use?',
      requestedSchema: { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] },
    },
    'user_context',
  );
  return {
    messages: [
      {
        role: 'user',
        content: { type: 'text', text: `Use the following context: ${String(answer.content?.context ?? 'none')}` },
      },
    ],
  };
};
