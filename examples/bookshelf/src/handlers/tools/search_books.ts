import type { ToolHandler } from '../../generated/types.gen.js';
import { structured } from '../../generated/context.gen.js';
import { BOOKS } from '../../data/books.js';

/** Tool "search_books": Find books whose title, author or tags contain the query, newest first. */
export const searchBooks: ToolHandler<'search_books'> = async (input, ctx) => {
  const q = input.query.toLowerCase();
  const matches = BOOKS.filter((b) => [b.title, b.author, ...b.tags].some((field) => field.toLowerCase().includes(q)))
    .filter((b) => input.tag == null || b.tags.includes(input.tag))
    .sort((a, b) => b.year - a.year);
  return structured({ total: matches.length, books: matches.slice(0, input.limit ?? 5) });
};
