import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_elicitation_url": Sends the user to a URL (URL-mode elicitation) */
export const testElicitationUrl: ToolHandler<'test_elicitation_url'> = async (_input, ctx) => {
  const answer = await ctx.elicitUrl({ message: 'Sign in to continue', url: 'https://example.com/sign-in' }, 'sign_in');
  return text(`URL elicitation: action=${answer.action}`);
};
