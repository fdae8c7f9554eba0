import { test } from 'vitest';
import { checkJsonSchema } from '../generator/check-json-schema.js';
test('x', () => {
  const show = (v: any) => console.log(JSON.stringify(v), '\n  ->', JSON.stringify(checkJsonSchema(v)));
  const d7 = 'http://json-schema.org/draft-07/schema#';
  const d19 = 'https://json-schema.org/draft/2019-09/schema';
  for (const $schema of [undefined, d7, d19]) {
    console.log('=====', $schema);
    const s = (o: any) => ($schema ? { $schema, ...o } : o);
    show(s({ type: 'strng' }));
    show(s({ type: ['strng', 'null'] }));
    show(s({ type: 5 }));
    show(s({ required: 'x' }));
    show(s({ properties: [] }));
    show(s({ minLength: -1 }));
    show(s({ properties: { a: { type: 'strng' }, b: { items: { type: 'strng' } } } }));
    show(s({ properties: { a: { pattern: '[\\w-\\.]' } } }));
    show(s({ patternProperties: { '(': {} } }));
    show(s({ $ref: 'a b' }));
    show(s({ additionalProperties: { type: 'nope' }, propertyNames: { pattern: '^[a-z]+$' }, $defs: { x: { enum: 'a' } }, definitions: { y: { type: 1 } } }));
    show(s({ anyOf: [{ type: 'object', properties: { kind: { const: 'a' } } }, { minimum: 'x' }] }));
    show(s({ items: [{ type: 'string' }, { type: 'bad' }] }));
  }
  show({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' });
  show({ $schema: 'https://json-schema.org/draft/2020-12/schema#', type: 'object' });
  show({ $schema: 5, type: 'object' });
  show(true); show(5); show(null); show([]);
  show(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"number"},"$match":{"type":"strng"},"type":{"type":"string"},"function":{}}}'));
});
