import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "multi_input": Asks two questions at once from within its task */
export const multiInput: ToolHandler<'multi_input'> = async (_input, ctx) => {
  await ctx.task.start();
  // Two questions in flight at once: the task lists both until each is answered.
  const [name, confirm] = await Promise.all([
    ctx.elicit({
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    }),
    ctx.elicit({
      message: 'Proceed?',
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    }),
  ]);
  return text(`name: ${name.action}, confirm: ${confirm.action}`);
};
