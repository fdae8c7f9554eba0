import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
import { sleep } from '../../data/media.js';

/** Tool "slow_compute": Waits the given number of seconds, then answers; runs as a task when the client can take one */
export const slowCompute: ToolHandler<'slow_compute'> = async (input, ctx) => {
  const steps = Math.max(1, Math.ceil(input.seconds));
  for (let step = 1; step <= steps && input.seconds > 0; step++) {
    // Cancelling the task (tasks/cancel) aborts ctx.signal, which ends the wait with an error.
    await sleep((input.seconds * 1000) / steps, ctx.signal);
    await ctx.progress(step, steps, `${step} of ${steps} steps`);
  }
  return text(`Computed ${input.label ?? 'result'} after ${input.seconds} s`);
};
