import type { ToolHandler } from '../../generated/types.gen.js';
import { resourceLink, result, textBlock } from '../../generated/context.gen.js';

/** Tool "test_resource_link": Returns a link to the static text resource */
export const testResourceLink: ToolHandler<'test_resource_link'> = async () =>
  result(
    textBlock('Read it later:'),
    resourceLink({ uri: 'test://static-text', name: 'static-text', mimeType: 'text/plain' }),
  );
