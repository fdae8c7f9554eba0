import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_simple_text": Tests simple text content response */
export const testSimpleText: ToolHandler<'test_simple_text'> = async () =>
  text('This is a simple text response for testing.');
