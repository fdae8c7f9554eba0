// A manifest with a hostile string in every field that reaches generated code or the wire.
import { stringify } from 'yaml';
import { HOSTILE, HOSTILE_KEYS, HOSTILE_META_KEYS, HUGE } from './hostile.js';

const ICON = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** Texts of manifest prompt messages: `{{...}}` there is a placeholder, which validation checks. */
export const MESSAGE_TEXTS = HOSTILE.filter((h) => !h.includes('{{'));

/**
 * A name per string whose handler file and identifier differ from every other name's (the index makes sure).
 * Resources are registered by URI, so their names may be exactly what JavaScript objects inherit; prompts and
 * templates are registered by name, and validation refuses those (see check-registry-names).
 */
export function entryName(h: string, i: number, kind: 'resource' | 'other' = 'other'): string {
  return kind === 'resource' && ['__proto__', 'constructor', '$ref', 'toString', 'hasOwnProperty'].includes(h) ? h : `${h} n${i}`;
}

function hostileSchema(): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  HOSTILE_KEYS.forEach((key, i) => {
    Object.defineProperty(properties, key, {
      value: {
        type: 'string',
        description: HOSTILE[i % HOSTILE.length],
        enum: [...HOSTILE, HUGE.slice(0, 1000)],
        default: HOSTILE[i % HOSTILE.length],
        examples: [HOSTILE[(i + 1) % HOSTILE.length]],
      },
      enumerable: true,
    });
  });
  properties.shared = { $ref: '#/definitions/__proto__' };
  properties.other = { $ref: '#/definitions/constructor' };
  return { type: 'object', title: HOSTILE[0], description: HUGE, properties, required: ['prototype', '$ref'] };
}

/** `_meta` with every hostile key, `__proto__` and `constructor` included (defined as own properties). */
export function hostileMeta(): Record<string, unknown> {
  // The keys of `_meta` itself have the spec's form (validate checks it); what they hold is free, keys included.
  const inside: Record<string, unknown> = {};
  HOSTILE_META_KEYS.forEach((key, i) =>
    Object.defineProperty(inside, key, { value: HOSTILE[i % HOSTILE.length], enumerable: true, configurable: true }),
  );
  Object.defineProperty(inside, '__proto__', { value: { polluted: HOSTILE[0] }, enumerable: true });
  const meta: Record<string, unknown> = { 'example.com/keys': inside };
  HOSTILE.forEach((h, i) => {
    meta[`example.com/text-${i}`] = h;
  });
  return meta;
}

export function hostileManifest(): Record<string, unknown> {
  const tools: Record<string, unknown> = {};
  HOSTILE.forEach((h, i) => {
    tools[`t${i}`] = { title: h, description: h, annotations: { title: h, readOnlyHint: true }, _meta: { 'example.com/note': h } };
  });
  tools.meta_tool = { description: 'hostile _meta keys', _meta: hostileMeta() };
  tools.schema_tool = { description: HUGE, inputSchema: hostileSchema(), outputSchema: hostileSchema() };

  const resources: Record<string, unknown> = {};
  HOSTILE.forEach((h, i) => {
    Object.defineProperty(resources, entryName(h, i, 'resource'), {
      value: { uri: `test://hostile/r${i}`, title: h, description: h, mimeType: 'text/plain', text: h, _meta: { 'example.com/note': h } },
      enumerable: true,
    });
  });
  resources['huge text'] = { uri: 'test://hostile/huge', text: HUGE, mimeType: 'text/plain' };
  resources[`${HOSTILE[0]} served by a handler`] = { uri: 'test://hostile/handler', description: HOSTILE[1] };

  const resourceTemplates: Record<string, unknown> = {};
  HOSTILE.slice(0, 6).forEach((h, i) => {
    Object.defineProperty(resourceTemplates, entryName(h, i), {
      value: { uriTemplate: `test://tpl${i}/{id}`, title: h, description: h, complete: { id: [...HOSTILE] } },
      enumerable: true,
    });
  });

  const prompts: Record<string, unknown> = {};
  HOSTILE.forEach((h, i) => {
    const text = MESSAGE_TEXTS[i % MESSAGE_TEXTS.length];
    Object.defineProperty(prompts, entryName(h, i), {
      value: {
        title: h,
        description: h,
        arguments: [
          { name: '$ref', description: h },
          { name: HOSTILE_KEYS[2], description: h, complete: [...HOSTILE] },
        ],
        messages: [
          { role: 'user', text },
          { role: 'assistant', content: { type: 'resource_link', uri: `test://hostile/r${i}`, name: h, description: h } },
        ],
      },
      enumerable: true,
    });
  });
  prompts[`${HOSTILE[2]} by handler`] = { description: HOSTILE[3], arguments: [{ name: `${HOSTILE[4]} arg`, description: HOSTILE[5] }] };

  return {
    version: 1,
    server: {
      name: `hostile ${HOSTILE[0]}`,
      version: HOSTILE[1],
      title: HOSTILE[2],
      description: HOSTILE[3],
      instructions: HUGE,
      websiteUrl: "https://example.com/*/$%7Bx%7D/'quoted'",
      icons: [{ src: ICON, mimeType: 'image/png', sizes: ['1x1'] }],
    },
    capabilities: { experimental: { [HOSTILE[0]]: { note: HOSTILE[1] } } },
    definitions: {
      ['__proto__']: { type: 'object', description: HOSTILE[0], properties: { [HOSTILE[3]]: { type: 'string', description: HOSTILE[4] } } },
      constructor: { type: 'string', description: HOSTILE[5], enum: [...HOSTILE] },
    },
    tools,
    resources,
    resourceTemplates,
    prompts,
  };
}

/**
 * Every string double-quoted, every character outside printable ASCII written as an escape: the same data, in the
 * form review sees (a raw bidirectional control or zero-width character is refused by validate; see hidden-text.ts).
 */
export function hostileManifestYaml(): string {
  const text = stringify(hostileManifest(), { lineWidth: 0, defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'QUOTE_DOUBLE' });
  return escapeNonAscii(text);
}

/** Escapes for what a YAML double-quoted string (or JSON text) holds outside printable ASCII, tabs and line breaks. */
export function escapeNonAscii(text: string): string {
  return text.replace(/[^\t\n\x20-\x7e]/gu, (c) => {
    const code = c.codePointAt(0) as number;
    return code > 0xffff ? `\\U${code.toString(16).padStart(8, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
