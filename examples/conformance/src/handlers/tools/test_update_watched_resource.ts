import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
import { watched } from '../../data/watched.js';

/** Tool "test_update_watched_resource": Changes test://watched-resource and notifies its subscribers */
export const testUpdateWatchedResource: ToolHandler<'test_update_watched_resource'> = async (_input, ctx) => {
  watched.version += 1;
  watched.text = `Watched resource content, version ${watched.version}`;
  ctx.notify.resourceUpdated('test://watched-resource');
  return text(`test://watched-resource is now at version ${watched.version}`);
};
