import type { ResourceTemplateHandler } from '../../generated/types.gen.js';
import { byAuthor } from '../../data/books.js';

/** Resource template "author_books": Books by one author, optionally from one year. */
export const authorBooks: ResourceTemplateHandler<'author_books'> = async (uri, variables, ctx) => {
  const books = byAuthor(decodeURIComponent(variables.author)).filter(
    (b) => variables.year === undefined || String(b.year) === variables.year,
  );
  return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(books) }] };
};
