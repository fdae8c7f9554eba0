import type { ToolHandler } from '../../generated/types.gen.js';

export const echo: ToolHandler<'echo'> = async (input) => ({ content: [{ type: 'text', text: input.text }] });
