import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
import { statuses } from '../../statuses.js';

/** Tool "report_status": Announce a service's new status; subscribers of status://<service> hear about it on any replica. */
export const reportStatus: ToolHandler<'report_status'> = async (input, ctx) => {
  statuses.set(input.service, { status: input.status, at: new Date().toISOString() });
  // Reaches subscribers on every replica: the notification travels through the shared store.
  ctx.notify.resourceUpdated(`status://${input.service}`);
  return text(`${input.service} is ${input.status}`);
};
