// Media types (RFC 6838, RFC 9110): `type/subtype`, then optional parameters such as `; charset=utf-8`.

const NAME = '[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}';
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[^"\\\\]|\\\\.)*"';
const MEDIA_TYPE = new RegExp(`^${NAME}/${NAME}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))*$`);
const TEXTUAL = /^text\/|[/+](json|xml|yaml|javascript|ecmascript|x-ndjson|csv|markdown|toml|x-sh)$/i;

export const isMediaType = (value: string): boolean => MEDIA_TYPE.test(value);

/** Whether content of this type is text (a `file:` is embedded as text, not base64); parameters do not count. */
export const isTextualMediaType = (value: string): boolean => TEXTUAL.test(value.split(';')[0].trim());

/**
 * Whether a `file:` is embedded as text: when its MIME type is textual or, without one, when it is UTF-8 with no NUL.
 * Else it is embedded as a base64 blob.
 */
export function embedsAsText(bytes: Uint8Array, mimeType: string | undefined): boolean {
  if (mimeType !== undefined) return isTextualMediaType(mimeType);
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
