import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_elicitation": Tests server-initiated elicitation (user input request) */
export const testElicitation: ToolHandler<'test_elicitation'> = async (input, ctx) => {
  const answer = await ctx.elicit({
    message: input.message,
    requestedSchema: {
      type: 'object',
      properties: { response: { type: 'string', description: "User's response" } },
      required: ['response'],
    },
  });
  return text(`User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`);
};
