import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../generator/core/index.js';
import { checkIcons } from '../../../generator/validate/icons.js';

const server = { name: 's', version: '1' };
const icon = (sizes: unknown[]) => [{ src: 'https://x.example/i.png', sizes }];

describe('checkIcons', () => {
  const cases: { name: string; given: Partial<Manifest>; want: string[] }[] = [
    {
      name: 'a bare number of pixels, on the server',
      given: { server: { ...server, icons: icon(['48']) } as Manifest['server'] },
      want: ["server.icons.0.sizes.0 | did you mean '48x48'?"],
    },
    {
      name: 'a word, on a tool, a template and a prompt message',
      given: {
        tools: { t: { icons: icon(['large']) } },
        resourceTemplates: { r: { uriTemplate: 'x://{id}', icons: icon(['huge']) } },
        prompts: { p: { messages: [{ role: 'user', content: { type: 'resource_link', uri: 'x://a', name: 'a', icons: icon(['big']) } }] } },
      } as Partial<Manifest>,
      want: [
        "tools.t.icons.0.sizes.0 | write e.g. '48x48', or 'any' for an SVG",
        "resourceTemplates.r.icons.0.sizes.0 | write e.g. '48x48', or 'any' for an SVG",
        "prompts.p.messages.0.content.icons.0.sizes.0 | write e.g. '48x48', or 'any' for an SVG",
      ],
    },
    { name: 'WxH and any', given: { server: { ...server, icons: icon(['48x48', '512x512', 'any']) } as Manifest['server'] }, want: [] },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const found = checkIcons({ version: 1, server, ...given } as Manifest);
    expect(found.map((f) => `${f.path.join('.')} | ${f.hint}`)).toEqual(want);
    expect(found.every((f) => f.severity === 'warning' && f.code === 'icon/size')).toBe(true);
  });
});
