import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
import { sleep } from '../../data/media.js';

/** Tool "test_tool_with_task": Asks for the caller's name within the request, then goes on as a task that greets them */
export const testToolWithTask: ToolHandler<'test_tool_with_task'> = async (_input, ctx) => {
  // Asked before the task starts: a 2026-07-28 client answers within the request (input_required, then a retry).
  const answer = await ctx.elicit(
    {
      message: 'What is your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    },
    'user_name',
  );
  await ctx.task.start();
  await sleep(100, ctx.signal);
  return text(`Hello, ${answer.action === 'accept' ? String(answer.content?.name) : 'stranger'}!`);
};
