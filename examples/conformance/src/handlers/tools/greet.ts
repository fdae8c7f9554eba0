import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "greet": Says hello; never runs as a task */
export const greet: ToolHandler<'greet'> = async (input) => text(`Hello, ${input.name}!`);
