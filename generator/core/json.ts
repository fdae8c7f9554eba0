/** A JSON object as read from YAML or JSON: values are not narrowed further. */
export type Json = Record<string, unknown>;

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
