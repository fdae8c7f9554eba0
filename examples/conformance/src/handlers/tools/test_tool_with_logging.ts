import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
import { sleep } from '../../data/media.js';

/** Tool "test_tool_with_logging": Tests tool that emits log messages during execution */
export const testToolWithLogging: ToolHandler<'test_tool_with_logging'> = async (_input, ctx) => {
  await ctx.log.info('Tool execution started');
  await sleep(50, ctx.signal);
  await ctx.log.info('Tool processing data');
  await sleep(50, ctx.signal);
  await ctx.log.info('Tool execution completed');
  return text('Tool with logging executed successfully');
};
