import type { ToolHandler } from '../../generated/types.gen.js';
import { toolError } from '../../generated/context.gen.js';
import { sleep } from '../../data/media.js';

/** Tool "failing_job": Fails with a tool error after about a second; runs only as a task */
export const failingJob: ToolHandler<'failing_job'> = async (_input, ctx) => {
  await sleep(1000, ctx.signal);
  return toolError('The job failed: nothing to process');
};
