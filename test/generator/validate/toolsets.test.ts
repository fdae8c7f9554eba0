import { describe, expect, it } from 'vitest';
import { loadManifest } from '../../../generator/load/index.js';
import { validateManifest } from '../../../generator/validate/index.js';

const TOOLS = `tools:
  list_issues: {description: List the issues}
  create_issue: {description: File an issue}
  delete_repo: {description: Delete the repository}
`;
const issues = (yaml: string) =>
  validateManifest(loadManifest('mcp.yaml', `version: 1\nserver: {name: s, version: 1.0.0}\n${yaml}`)).map(
    (i) => `${i.line}:${i.column} ${i.severity} ${i.code} ${i.path}: ${i.message}${i.hint ? ` (${i.hint})` : ''}`,
  );

describe('toolsets', () => {
  it('accepts sets sharing tools, defaults, and tools in no set', () => {
    expect(
      issues(
        `${TOOLS}toolsets:\n  issues: {tools: [list_issues, create_issue], default: true}\n  admin: {tools: [delete_repo, create_issue]}\n`,
      ),
    ).toEqual([]);
  });

  it('points at an unknown tool in a set, with a did-you-mean', () => {
    expect(issues(`${TOOLS}toolsets:\n  issues:\n    tools:\n      - list_issues\n      - create_isue\n`)).toEqual([
      `11:9 error toolsets/unknown-tool toolsets.issues.tools[1]: toolset issues names "create_isue", which is not a tool of this manifest (did you mean 'create_issue'?)`,
    ]);
  });

  it('lists the tools when nothing is close', () => {
    expect(issues(`${TOOLS}toolsets:\n  x: {tools: [frobnicate]}\n`)[0]).toMatch(
      /not a tool of this manifest \(tools: list_issues, create_issue, delete_repo\)$/,
    );
  });

  it('refuses set names that cannot be written in a comma-separated list, and the reserved all', () => {
    expect(issues(`${TOOLS}toolsets:\n  'a,b': {tools: [list_issues]}\n  all: {tools: [delete_repo]}\n`)).toEqual([
      `8:3 error toolsets/name toolsets["a,b"]: toolset name "a,b" may hold only letters, digits, _ and - (1-64) (names are written in comma-separated lists: --toolsets issues,repos)`,
      `9:3 error toolsets/name toolsets.all: 'all' is reserved: --toolsets all chooses every set (give the set another name)`,
    ]);
  });

  it('warns about an empty set', () => {
    expect(issues(`${TOOLS}toolsets:\n  none: {tools: []}\n`)).toEqual([
      `8:17 warning toolsets/empty toolsets.none.tools: toolset none has no tools: choosing it serves only the tools that are in no set (list tools under it, or remove it)`,
    ]);
  });

  it('checks the per-request opt-in', () => {
    const sets = 'toolsets:\n  issues: {tools: [list_issues]}\n';
    expect(issues(`${TOOLS}${sets}transports:\n  http: {toolsets: {header: X-MCP-Toolsets, query: toolsets}}\n`)).toEqual([]);
    expect(issues(`${TOOLS}transports:\n  http: {toolsets: {header: X-MCP-Toolsets}}\n`)).toEqual([
      `8:10 error toolsets/none-declared transports.http.toolsets: requests may choose toolsets, and the manifest declares none (declare sets under a top-level toolsets:, or remove this)`,
    ]);
    expect(issues(`${TOOLS}${sets}transports:\n  http: {toolsets: {}}\n`)[0]).toMatch(/name the header or the query parameter/);
    expect(issues(`${TOOLS}${sets}transports:\n  http: {toolsets: {header: Mcp-Session-Id}}\n`)[0]).toMatch(
      /Mcp-Session-Id is a header the transport itself uses/,
    );
    expect(issues(`${TOOLS}${sets}transports:\n  http: {toolsets: {header: 'X Sets'}}\n`)[0]).toMatch(/is not an HTTP header name/);
    expect(issues(`${TOOLS}${sets}transports:\n  http: {toolsets: {query: 'sets[]'}}\n`)[0]).toMatch(/is not a plain query parameter name/);
    const apiKey = 'auth: {type: apiKey, header: X-Key, credentials: [{env: K}]}\n';
    expect(issues(`${TOOLS}${sets}${apiKey}transports:\n  http: {toolsets: {header: x-key}}\n`)[0]).toMatch(/x-key carries the API key/);
  });

  it('warns when hideWithoutScopes has no scopes to hide by', () => {
    const yaml = `auth: {type: bearer, credentials: [{env: T, scopes: [a]}]}\ntools:\n  t:\n    policy: {hideWithoutScopes: true}\n  u:\n    policy: {scopes: [a], hideWithoutScopes: true}\n`;
    expect(issues(yaml)).toEqual([
      `6:33 warning policy/hide-without-scopes tools.t.policy.hideWithoutScopes: t requires no scopes, so every caller sees it (add policy.scopes, or remove hideWithoutScopes)`,
    ]);
  });
});
