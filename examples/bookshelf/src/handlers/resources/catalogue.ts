import type { ResourceHandler } from '../../generated/types.gen.js';
import { BOOKS } from '../../data/books.js';

/** Resource "catalogue": Every book, one JSON record per line. */
export const catalogue: ResourceHandler<'catalogue'> = async (uri, ctx) => {
  return {
    contents: [
      { uri: uri.href, mimeType: 'application/x-ndjson', text: BOOKS.map((b) => JSON.stringify(b)).join('\n') },
    ],
  };
};
