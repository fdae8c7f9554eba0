import { describe, expect, it } from 'vitest';
import { loadManifest } from '../../../generator/load/index.js';
import { looksLikeRange, nameProblem } from '../../../generator/validate/registry.js';
import { validateManifest } from '../../../generator/validate/index.js';

const issues = (server: string, rest = '') =>
  validateManifest(loadManifest('mcp.yaml', `version: 1\nserver:\n  name: s\n${server}${rest}`)).map(
    (i) => `${i.line}:${i.column} ${i.code} ${i.path}: ${i.message}${i.hint ? ` (${i.hint})` : ''}`,
  );
const GOOD = '  version: 1.0.0\n  description: Forecasts.\n  registryName: io.github.acme/weather\n';

describe('the MCP Registry limits, checked on the manifest', () => {
  it('accepts a complete registry entry, and asks nothing of a server with no registry name', () => {
    expect(
      issues(
        `${GOOD}  title: Weather\n  websiteUrl: https://acme.example/weather\n  repository: {url: 'https://github.com/acme/w', source: github, subfolder: servers/weather}\n`,
        'transports:\n  http: {publicUrl: https://mcp.acme.example/mcp}\n',
      ),
    ).toEqual([]);
    expect(issues('  version: ^1.0.0\n  websiteUrl: http://acme.example\n')).toEqual([]);
  });

  it.each([
    [
      'a name without a namespace',
      '  version: 1.0.0\n  description: d\n  registryName: weather\n',
      '6:17 registry/name server.registryName: weather must have exactly one / between namespace and name, it has 0',
    ],
    [
      'two slashes',
      '  version: 1.0.0\n  description: d\n  registryName: io.github.acme/wx/yz\n',
      '6:17 registry/name server.registryName: io.github.acme/wx/yz must have exactly one / between namespace and name, it has 2',
    ],
    [
      'a namespace ending in a dot',
      '  version: 1.0.0\n  description: d\n  registryName: io.github./wx\n',
      '6:17 registry/name server.registryName: namespace "io.github." must be 2+ characters starting and ending with a letter or digit, with only dots and hyphens between',
    ],
    [
      'a name over 200 characters',
      `  version: 1.0.0\n  description: d\n  registryName: com.example/${'a'.repeat(190)}\n`,
      '6:17 registry/name server.registryName: the registry allows 3 to 200 characters',
    ],
    [
      'no description',
      '  version: 1.0.0\n  registryName: io.github.acme/wx\n',
      '5:3 registry/description server.registryName: server.json needs a description, and server.description is not set',
    ],
    [
      'a description over 100 characters',
      `  version: 1.0.0\n  description: ${'d'.repeat(101)}\n  registryName: io.github.acme/wx\n`,
      '5:16 registry/description server.description: the registry allows 100 characters of description, this one has 101',
    ],
    ['a title of spaces', `${GOOD}  title: '   '\n`, '7:10 registry/title server.title: the registry refuses a title of only spaces'],
    [
      'a caret range',
      '  version: ^1.2.0\n  description: d\n  registryName: a.b/cd\n',
      '4:12 registry/version server.version: ^1.2.0 is a range',
    ],
    ['a wildcard', '  version: 1.x\n  description: d\n  registryName: a.b/cd\n', '4:12 registry/version server.version: 1.x is a range'],
    [
      'latest',
      '  version: latest\n  description: d\n  registryName: a.b/cd\n',
      '4:12 registry/version server.version: "latest" is reserved',
    ],
    [
      'an http website',
      `${GOOD}  websiteUrl: http://acme.example\n`,
      '7:15 registry/url server.websiteUrl: the registry wants an absolute https URL, not http://acme.example',
    ],
    [
      'a git remote as repository URL',
      `${GOOD}  repository: {url: 'git@github.com:acme/w.git', source: github}\n`,
      '7:21 registry/url server.repository.url: the registry wants an absolute https URL, not git@github.com:acme/w.git',
    ],
    [
      'a subfolder climbing out',
      `${GOOD}  repository: {url: 'https://github.com/acme/w', source: github, subfolder: ../w}\n`,
      '7:77 registry/subfolder server.repository.subfolder: ../w is not a clean relative path',
    ],
  ])('%s', (_what, server, expected) => {
    const found = issues(server);
    expect(found).toHaveLength(1);
    expect(found[0].startsWith(expected)).toBe(true);
    expect(found[0]).toMatch(/\(.+\)$/); // every problem comes with a hint
  });

  it.each([
    ['http', 'http://mcp.acme.example/mcp', 'the public URL must use https, not http'],
    ['loopback', 'https://127.0.0.1/mcp', '127.0.0.1 is this machine: the registry refuses local URLs'],
    ['localhost', 'https://localhost:8443/mcp', 'localhost is this machine'],
    ['a template', 'https://{tenant}.acme.example/mcp', 'without {variables}'],
    ['credentials', 'https://u:p@mcp.acme.example/mcp', 'must not carry credentials'],
    ['not a URL', 'mcp.acme.example', 'mcp.acme.example is not an absolute URL'],
  ])('refuses a public URL with %s', (_what, url, message) => {
    const found = issues('  version: 1.0.0\n', `transports:\n  http: {publicUrl: '${url}'}\n`);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('6:21 registry/public-url transports.http.publicUrl: ');
    expect(found[0]).toContain(message);
  });

  it('warns about each icon server.json leaves out, and accepts the ones the registry takes', () => {
    const found = issues(
      `${GOOD}  icons:\n` +
        "    - {src: 'https://acme.example/i.png', mimeType: image/png, sizes: [48x48]}\n" +
        "    - {src: 'data:image/png;base64,iVBORw0KGgo='}\n" +
        "    - {src: 'https://acme.example/i.gif', mimeType: image/gif}\n" +
        `    - {src: 'https://acme.example/${'i'.repeat(250)}.png'}\n` +
        "    - {src: 'https://acme.example/i.svg', sizes: [scalable]}\n",
    );
    expect(found).toEqual([
      '9:7 registry/icon server.icons[1]: left out of server.json and the server card: the registry takes only https icon URLs, not data:image/png;base64,iVBORw0KGgo= (serverInfo still publishes it; for the registry give an https URL of a PNG, JPEG, SVG or WebP image)',
      '10:7 registry/icon server.icons[2]: left out of server.json and the server card: the registry takes image/png, image/jpeg, image/svg+xml or image/webp, not image/gif (serverInfo still publishes it; for the registry give an https URL of a PNG, JPEG, SVG or WebP image)',
      expect.stringContaining(
        '11:7 registry/icon server.icons[3]: left out of server.json and the server card: the registry allows 255 characters of icon URL, this one has 275',
      ),
      expect.stringContaining(
        '12:7 registry/icon server.icons[4]: left out of server.json and the server card: the registry wants sizes as WxH or any, not "scalable"',
      ),
      // Not only the registry's rule: the MCP spec writes sizes the same way.
      expect.stringContaining('12:51 icon/size server.icons[4].sizes[0]: "scalable" is not a size as the spec writes them'),
    ]);
  });

  it('refuses a public URL for an HTTP endpoint that is off', () => {
    expect(issues('  version: 1.0.0\n', 'transports:\n  http: false\n')).toEqual([]);
    // publicUrl lives in the HttpTransport object, so "off" can only be said by leaving http out of it: the
    // schema rejects publicUrl anywhere else.
    expect(issues('  version: 1.0.0\n', 'transports:\n  publicUrl: https://a.example/mcp\n')[0]).toMatch(/manifest\//);
  });

  it('detects ranges as the registry does, and leaves exact versions alone', () => {
    for (const range of ['^1.2.3', '~1.2.3', '>=1.0.0', '<2', '=1.0.0', '1.2.3 - 2.0.0', '1.2 || 1.3', '1.x', '1.2.*', 'X.1']) {
      expect(looksLikeRange(range), range).toBe(true);
    }
    for (const exact of ['1.2.3', '2.1.0-alpha', 'v1.0.0', '2024.10.01', '1.0.0-rc.1+build.5', '7']) {
      expect(looksLikeRange(exact), exact).toBe(false);
    }
    expect(nameProblem('io.github.acme/weather')).toBeUndefined();
    expect(nameProblem('com.example.api/server_v2.1')).toBeUndefined();
    expect(nameProblem('io.github.acme/-w')).toMatch(/^name "-w" must be 2\+ characters/);
    expect(nameProblem('io.github.acme/w')).toMatch(/^name "w" must be 2\+ characters/);
  });
});
