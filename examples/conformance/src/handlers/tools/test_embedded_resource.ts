import type { ToolHandler } from '../../generated/types.gen.js';
import { embeddedResource, result } from '../../generated/context.gen.js';

/** Tool "test_embedded_resource": Tests embedded resource content response */
export const testEmbeddedResource: ToolHandler<'test_embedded_resource'> = async () =>
  result(
    embeddedResource({
      uri: 'test://embedded-resource',
      mimeType: 'text/plain',
      text: 'This is an embedded resource content.',
    }),
  );
