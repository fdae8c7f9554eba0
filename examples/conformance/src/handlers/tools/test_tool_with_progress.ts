import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
import { sleep } from '../../data/media.js';

/** Tool "test_tool_with_progress": Tests tool that reports progress notifications */
export const testToolWithProgress: ToolHandler<'test_tool_with_progress'> = async (_input, ctx) => {
  for (const step of [0, 50, 100]) {
    await ctx.progress(step, 100, `Completed step ${step} of 100`);
    if (step < 100) await sleep(50, ctx.signal);
  }
  return text(String(ctx.sdk.mcpReq._meta?.progressToken ?? 'no-progress-token'));
};
