import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "confirm_delete": Asks the user to confirm deleting a file, from within its task */
export const confirmDelete: ToolHandler<'confirm_delete'> = async (input, ctx) => {
  // Become a task first, so the question waits in the task (input_required) rather than in the request.
  await ctx.task.start();
  const answer = await ctx.elicit({
    message: `Delete ${input.filename}?`,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  const confirmed = answer.action === 'accept' && answer.content?.confirm === true;
  return text(confirmed ? `Deleted ${input.filename}` : `Kept ${input.filename}`);
};
