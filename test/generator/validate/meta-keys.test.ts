import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../generator/core/index.js';
import { checkMetaKeys } from '../../../generator/validate/meta-keys.js';

const withMeta = (meta: Record<string, unknown>) =>
  ({
    version: 1,
    server: { name: 'x', version: '1' },
    tools: { t: { description: 'd', inputSchema: { type: 'object' }, _meta: meta } },
  }) as unknown as Manifest;

describe('checkMetaKeys', () => {
  const valid = ['com.example/cache-ttl', 'region', 'a.b-c/x_y.z', 'ok/', '', 'io.github.someone/ui', 'com.example.mcp/x', 'x9'];
  it.each(valid)('accepts %j', (key) => {
    expect(checkMetaKeys(withMeta({ [key]: 1 }))).toEqual([]);
  });

  const invalid: { key: string; part: RegExp }[] = [
    { key: '-bad', part: /its name "-bad" does not start and end with a letter or digit/ },
    { key: 'a b', part: /its name "a b"/ },
    { key: 'name_', part: /its name "name_"/ },
    { key: '/name', part: /its prefix label "" does not start with a letter/ },
    { key: '9lives.com/x', part: /its prefix label "9lives"/ },
    { key: 'com.exa_mple/x', part: /its prefix label "exa_mple"/ },
    { key: 'com.example-/x', part: /its prefix label "example-"/ },
    { key: 'a/b/c', part: /its prefix label "a\/b"/ },
    { key: '__proto__', part: /its name "__proto__"/ },
  ];
  it.each(invalid)('refuses $key', ({ key, part }) => {
    const findings = checkMetaKeys(withMeta({ [key]: 1 }));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ code: 'meta/key-format', path: ['tools', 't', '_meta', key], at: 'key' });
    expect(findings[0].severity).toBeUndefined();
    expect(findings[0].message).toMatch(part);
  });

  it.each(['io.modelcontextprotocol/x', 'dev.mcp/x', 'org.modelcontextprotocol.api/x', 'modelcontextprotocol.io/x', 'tools.MCP.com/x'])(
    "warns of %j, in the protocol's reserved space",
    (key) => {
      const findings = checkMetaKeys(withMeta({ [key]: 1 }));
      expect(findings).toHaveLength(1);
      expect(findings[0]).toMatchObject({ code: 'meta/reserved-prefix', severity: 'warning' });
    },
  );

  it('reads every _meta outside schemas, and only its own keys, not what they hold', () => {
    const m = {
      server: { _meta: { 'bad key': 1 } },
      resources: { r: { uri: 'x://r', _meta: { 'com.example/ok': { 'any key at all': 1 } } } },
      prompts: { p: { messages: [{ role: 'user', content: { type: 'text', text: 't', _meta: { '-x': 1 } } }] } },
      definitions: { D: { type: 'object', properties: { _meta: { type: 'object', properties: { 'not meta': {} } } } } },
      tools: {
        t: {
          inputSchema: { type: 'object', properties: { _meta: { type: 'string' } } },
          examples: { e: { output: { _meta: { '.y': 1 } } } },
        },
      },
    } as unknown as Manifest;
    expect(checkMetaKeys(m).map((f) => f.path)).toEqual([
      ['server', '_meta', 'bad key'],
      ['prompts', 'p', 'messages', 0, 'content', '_meta', '-x'],
      ['tools', 't', 'examples', 'e', 'output', '_meta', '.y'],
    ]);
  });
});
