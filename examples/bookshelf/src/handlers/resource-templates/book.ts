import { ResourceNotFoundError } from '@modelcontextprotocol/server';
import type { ResourceTemplateHandler } from '../../generated/types.gen.js';
import { byIsbn } from '../../data/books.js';

/** Resource template "book": The full record of one book, as JSON. */
export const book: ResourceTemplateHandler<'book'> = async (uri, variables, ctx) => {
  const found = byIsbn(variables.isbn);
  if (!found) throw new ResourceNotFoundError(uri.href);
  return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(found) }] };
};
