// The SDK's UriTemplate with a matcher that reads back what expansion produces. The SDK's own match() returns values
// still percent-encoded, needs every query parameter present and in order, keeps the '#' in a {#fragment}, never
// matches more than one {/path*} segment and backtracks on URIs like `{a}-{b}-{c}`; this subclass keeps the SDK's
// parsing, listing and expansion and matches with uri-match.gen.ts.
import { UriTemplate, type Variables } from '@modelcontextprotocol/server';
import { type UriMatcher, uriMatcher } from './uri-match.gen.js';

export { MAX_TEMPLATE_URI_LENGTH } from './uri-match.gen.js';

/**
 * A resource template whose match() returns the decoded values: lists for exploded variables, query ones if present.
 */
export class ServedUriTemplate extends UriTemplate {
  readonly #matcher: UriMatcher;

  constructor(template: string) {
    super(template);
    this.#matcher = uriMatcher(template);
  }

  override match(uri: string): Variables | null {
    return this.#matcher.match(uri);
  }
}

const cache = new Map<string, ServedUriTemplate>();

/** One matcher per template for the process: the HTTP entry builds a server per request. */
export function servedTemplate(template: string): ServedUriTemplate {
  let t = cache.get(template);
  if (!t) cache.set(template, (t = new ServedUriTemplate(template)));
  return t;
}
