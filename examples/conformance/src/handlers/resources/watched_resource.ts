import type { ResourceHandler } from '../../generated/types.gen.js';
import { watched } from '../../data/watched.js';

/** Resource "watched-resource": A resource whose changes subscribers hear about */
export const watchedResource: ResourceHandler<'watched-resource'> = async (uri) => ({
  contents: [{ uri: uri.href, mimeType: 'text/plain', text: watched.text }],
});
