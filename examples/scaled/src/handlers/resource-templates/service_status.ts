import type { ResourceTemplateHandler } from '../../generated/types.gen.js';
import { statuses } from '../../statuses.js';

/** Resource template "service_status": A service's latest status as reported to this replica; subscribe to hear of every report, on any replica. */
export const serviceStatus: ResourceTemplateHandler<'service_status'> = async (uri, variables) => {
  const known = statuses.get(variables.service);
  const body = known
    ? `${variables.service}: ${known.status} since ${known.at}`
    : `${variables.service}: no report on this replica yet`;
  return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: body }] };
};
