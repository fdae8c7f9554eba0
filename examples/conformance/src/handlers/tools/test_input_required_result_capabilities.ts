import type { ToolHandler } from '../../generated/types.gen.js';
import { question, text, type Question } from '../../generated/context.gen.js';

/** Tool "test_input_required_result_capabilities": MRTR (SEP-2322): only requests input kinds the declared client capabilities cover */
export const testInputRequiredResultCapabilities: ToolHandler<'test_input_required_result_capabilities'> = async (
  _input,
  ctx,
) => {
  const declared = ctx.clientCapabilities ?? {};
  const questions: Record<string, Question<unknown>> = {};
  if (declared.elicitation) {
    questions.user_name = question.elicit({
      message: 'What is your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
  }
  if (declared.sampling) {
    questions.greeting = question.sample({
      messages: [{ role: 'user', content: { type: 'text', text: 'Generate a short greeting' } }],
      maxTokens: 50,
    });
  }
  if (declared.roots) questions.client_roots = question.roots();
  if (Object.keys(questions).length === 0)
    return text('No declared client capability supports an in-band input request');
  await ctx.ask(questions);
  return text('Capability-aware input requests fulfilled');
};
