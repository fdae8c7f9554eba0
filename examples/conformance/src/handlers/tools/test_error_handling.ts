import type { ToolHandler } from '../../generated/types.gen.js';

/** Tool "test_error_handling": Tests error response handling */
export const testErrorHandling: ToolHandler<'test_error_handling'> = async () => {
  // A thrown error reaches the client as an isError result carrying its message.
  throw new Error('This tool intentionally returns an error for testing');
};
