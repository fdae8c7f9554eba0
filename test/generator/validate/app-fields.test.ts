// The values of a view a host or the project acts on, one by one: what a CSP list, the sandbox domain and the view's
// folder accept, and the values written to widen a view's reach or to leave the project.
import { describe, expect, it } from 'vitest';
import type { CspField } from '../../../generator/core/index.js';
import { cspOriginProblem, domainProblem, sourceKey, sourceProblem } from '../../../generator/validate/app-fields.js';

const verdict = (p: { warning?: boolean; message: string } | undefined) => (p === undefined ? 'ok' : p.warning ? 'warning' : 'error');

describe('CSP origins', () => {
  const cases: [string, CspField, string][] = [
    ['https://api.example.com', 'connectDomains', 'ok'],
    ['https://api.example.com:8443', 'connectDomains', 'ok'],
    ['wss://live.example.com', 'connectDomains', 'ok'],
    ['https://*.example.com', 'resourceDomains', 'ok'],
    ['http://localhost:5173', 'connectDomains', 'ok'],
    ['http://127.0.0.1:8080', 'connectDomains', 'ok'],
    ['ws://[::1]:9000', 'connectDomains', 'ok'],
    ['https://xn--bcher-kva.example', 'frameDomains', 'ok'],
    ['http://api.example.com', 'connectDomains', 'warning'],
    ['ws://live.example.com', 'connectDomains', 'warning'],
    // A keyword or a whole scheme would let the view reach anything.
    ["'self'", 'connectDomains', 'error'],
    ["'unsafe-eval'", 'resourceDomains', 'error'],
    ['*', 'connectDomains', 'error'],
    ['https:', 'connectDomains', 'error'],
    ['https://', 'connectDomains', 'error'],
    ['https://*', 'connectDomains', 'error'],
    ['data:', 'resourceDomains', 'error'],
    ['blob:', 'resourceDomains', 'error'],
    // One item, one origin: a space, comma, semicolon or quote would add sources or directives to the host's policy.
    ['https://a.example.com https://evil.example', 'connectDomains', 'error'],
    ['https://a.example.com;script-src *', 'connectDomains', 'error'],
    ['https://a.example.com,https://evil.example', 'connectDomains', 'error'],
    ['https://a.example.com\nscript-src *', 'connectDomains', 'error'],
    ['https://a.example.com"', 'connectDomains', 'error'],
    // Origins only: no path, query, fragment or credentials; written as the parser prints them.
    ['https://a.example.com/', 'connectDomains', 'error'],
    ['https://a.example.com/v1', 'connectDomains', 'error'],
    ['https://a.example.com?x', 'connectDomains', 'error'],
    ['https://a.example.com#x', 'connectDomains', 'error'],
    ['https://user:pw@a.example.com', 'connectDomains', 'error'],
    ['https://A.example.com', 'connectDomains', 'error'],
    ['https://a.example.com:443', 'connectDomains', 'error'],
    ['https://bücher.example', 'connectDomains', 'error'],
    ['a.example.com', 'connectDomains', 'error'],
    ['//a.example.com', 'connectDomains', 'error'],
    ['https://a.example.com:*', 'connectDomains', 'error'],
    ['https://a.example.com:99999', 'connectDomains', 'error'],
    // Wildcards: the leftmost label only, and not over a whole top-level domain.
    ['https://*.com', 'resourceDomains', 'error'],
    ['https://api.*.example.com', 'resourceDomains', 'error'],
    ['https://*example.com', 'resourceDomains', 'error'],
    ['https://*.*.example.com', 'resourceDomains', 'error'],
    // Schemes a list serves.
    ['wss://cdn.example.com', 'resourceDomains', 'error'],
    ['ftp://files.example.com', 'connectDomains', 'error'],
    ['javascript://a.example.com', 'frameDomains', 'error'],
    ['file:///etc/passwd', 'baseUriDomains', 'error'],
  ];
  it.each(cases)('%s in %s: %s', (value, field, want) => {
    expect(verdict(cspOriginProblem(value, field))).toBe(want);
  });

  it('names the origin to write', () => {
    expect(cspOriginProblem('https://API.Example.com:443/', 'connectDomains')?.hint).toBe('write https://api.example.com');
    expect(cspOriginProblem('https://bücher.example', 'connectDomains')?.hint).toBe('write https://xn--bcher-kva.example');
    expect(cspOriginProblem('https://*.Example.com', 'connectDomains')?.hint).toBe('write https://*.example.com');
  });
});

describe('domain', () => {
  const cases: [string, string][] = [
    ['a904794854a047f6.claudemcpcontent.com', 'ok'],
    ['www-example-com.oaiusercontent.com', 'ok'],
    ['localhost', 'error'],
    ['https://a.example.com', 'error'],
    ['a.example.com/path', 'error'],
    ['a.example.com:443', 'error'],
    ['-a.example.com', 'error'],
    ['a..example.com', 'error'],
    ['a example.com', 'error'],
    [`${'a'.repeat(64)}.example.com`, 'error'],
  ];
  it.each(cases)('%s: %s', (value, want) => expect(verdict(domainProblem(value))).toBe(want));
});

describe('source folder', () => {
  const cases: [string, string][] = [
    ['ui/forecast', 'ok'],
    ['views/forecast/', 'ok'],
    ['./ui/forecast', 'ok'],
    ['ui', 'ok'],
    ['test/ui', 'ok'],
    // Out of the project.
    ['../forecast', 'error'],
    ['ui/../../forecast', 'error'],
    ['ui/../forecast', 'error'],
    ['/etc', 'error'],
    ['C:/views', 'error'],
    ['c:views', 'error'],
    ['ui\\..\\..\\x', 'error'],
    ['\\\\server\\share', 'error'],
    ['.', 'error'],
    ['./', 'error'],
    // Where the server's sources, generated code, builds and packages live.
    ['src/views', 'error'],
    ['SRC/generated/x', 'error'],
    ['dist/ui', 'error'],
    ['node_modules/x', 'error'],
    ['.mcp-gen/cache', 'error'],
    ['.git/hooks', 'error'],
    // Names Windows cannot create.
    ['ui/con', 'error'],
    ['ui/aux.d', 'error'],
    ['ui/a:b', 'error'],
    ['ui/a?', 'error'],
    ['ui/trailing.', 'error'],
    ['ui/trailing ', 'error'],
    ['ui/\u0007bell', 'error'],
  ];
  it.each(cases)('%s: %s', (value, want) => expect(verdict(sourceProblem(value))).toBe(want));

  it('compares folders as file systems that ignore case do', () => {
    expect(sourceKey('./UI/Forecast/')).toBe(sourceKey('ui/forecast'));
    expect(sourceKey('ui//forecast')).toBe('ui/forecast');
  });
});
