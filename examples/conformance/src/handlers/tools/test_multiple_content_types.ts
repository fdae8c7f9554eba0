import type { ToolHandler } from '../../generated/types.gen.js';
import { embeddedResource, image, result, textBlock } from '../../generated/context.gen.js';
import { PNG_BASE64 } from '../../data/media.js';

/** Tool "test_multiple_content_types": Tests response with multiple content types (text, image, resource) */
export const testMultipleContentTypes: ToolHandler<'test_multiple_content_types'> = async () =>
  result(
    textBlock('Multiple content types test:'),
    image(PNG_BASE64, 'image/png'),
    embeddedResource({
      uri: 'test://mixed-content-resource',
      mimeType: 'application/json',
      text: JSON.stringify({ test: 'data', value: 123 }),
    }),
  );
