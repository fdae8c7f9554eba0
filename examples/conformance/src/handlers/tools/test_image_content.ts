import type { ToolHandler } from '../../generated/types.gen.js';
import { image, result } from '../../generated/context.gen.js';
import { PNG_BASE64 } from '../../data/media.js';

/** Tool "test_image_content": Tests image content response */
export const testImageContent: ToolHandler<'test_image_content'> = async () => result(image(PNG_BASE64, 'image/png'));
