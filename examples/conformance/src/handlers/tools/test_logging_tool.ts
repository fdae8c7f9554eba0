import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_logging_tool": SEP-2575: logs through ctx.log, which 2026-07-28 delivers only when the request set a log level */
export const testLoggingTool: ToolHandler<'test_logging_tool'> = async (_input, ctx) => {
  await ctx.log.info('test_logging_tool ran');
  return text('logged through the request-scoped, level-gated channel');
};
