import type { PromptHandler } from '../../generated/types.gen.js';
import { byAuthor } from '../../data/books.js';

/** Prompt "reading_plan": A plan to read every book by an author, with the catalogue records attached. */
export const readingPlan: PromptHandler<'reading_plan'> = async (args, ctx) => {
  const books = byAuthor(args.author).sort((a, b) => a.year - b.year);
  const weeks = args.weeks ?? String(books.length);
  return {
    description: `Reading plan for ${args.author}`,
    messages: [
      {
        role: 'user',
        content: {
          type: 'text',
          text: `Make a ${weeks}-week plan to read these ${books.length} books by ${args.author}, in publication order.`,
        },
      },
      ...books.map((b) => ({
        role: 'user' as const,
        content: {
          type: 'resource' as const,
          resource: { uri: `book://${b.isbn}`, mimeType: 'application/json', text: JSON.stringify(b) },
        },
      })),
    ],
  };
};
