import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "confirm_maintenance": Ask the user to confirm a maintenance window before announcing it. */
export const confirmMaintenance: ToolHandler<'confirm_maintenance'> = async (input, ctx) => {
  // The answer may reach another replica (2025: the client's reply POST; 2026-07-28: the retried call): both work.
  const answer = await ctx.elicit({
    message: `Start maintenance of ${input.service}?`,
    requestedSchema: {
      type: 'object',
      properties: { minutes: { type: 'integer', minimum: 1, maximum: 240 } },
      required: ['minutes'],
    },
  });
  if (answer.action !== 'accept') return text(`maintenance of ${input.service} not started`);
  ctx.notify.resourceUpdated(`status://${input.service}`);
  return text(`maintenance of ${input.service} for ${String(answer.content?.minutes)} minutes`);
};
