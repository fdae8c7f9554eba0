// The token budget with toolsets (each list a client can get is held to it), lint's cost report, and docs
// grouping tools by toolset.
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { runDocs, runLint } from '../../../../generator/cli/review.js';
import { loadManifest } from '../../../../generator/load/load-manifest.js';
import { lintManifest } from '../../../../generator/validate/lint/lint-manifest.js';
import { groupDigits, listCosts } from '../../../../generator/validate/lint/token-budget.js';
import type { Manifest } from '../../../../generator/core/manifest-types.js';
import { buildSurface, toolsListJson } from '../../../../generator/core/surface.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A tool of roughly `tokens` tokens in tools/list: its description carries the bulk.
const tool = (tokens: number) => ({ description: `Look up records. ${'x'.repeat(tokens * 4)}`, annotations: { readOnlyHint: true } });
const manifest = (budget: number): Manifest =>
  ({
    version: 1,
    server: { name: 'demo', version: '1.0.0' },
    toolsets: {
      issues: { description: 'Read issues', tools: ['list_issues', 'get_issue'], default: true },
      admin: { tools: ['delete_repo'] },
    },
    tools: { list_issues: tool(300), get_issue: tool(300), delete_repo: tool(900), ping: tool(10) },
    lint: { toolsListTokenBudget: budget },
  }) as unknown as Manifest;
const budgetFindings = (m: Manifest) =>
  lintManifest(loadManifest('mcp.yaml', stringify(m))).filter((i) => i.code === 'lint/tools-list-token-budget');

describe('tools/list token budget with toolsets', () => {
  it('measures every tool, then each set with the tools in no set', () => {
    const costs = listCosts(manifest(10_000));
    expect(costs.map((c) => [c.label, c.tools && [...c.tools].sort()])).toEqual([
      ['all tools (4)', undefined],
      ['toolset issues (3 tools)', ['get_issue', 'list_issues', 'ping']],
      ['toolset admin (2 tools)', ['delete_repo', 'ping']],
    ]);
    const [all, issues, admin] = costs;
    expect(issues.tokens + admin.tokens).toBeGreaterThan(all.tokens); // ping counts in both
    expect(all.tokens).toBeGreaterThan(1_500);
    expect(issues.tokens).toBeGreaterThan(600);
    expect(issues.tokens).toBeLessThan(800);
  });

  it('holds each set to the budget, not the whole list only --toolsets all gets', () => {
    expect(budgetFindings(manifest(1_000))).toEqual([]);
    const over = budgetFindings(manifest(800));
    expect(over.map((i) => [i.path, i.line > 0])).toEqual([['toolsets.admin', true]]);
    expect(over[0].message).toMatch(/^tools\/list of toolset admin \(2 tools\) is about 9\d\d tokens .* above the budget of 800/);
    expect(over[0].hint).toMatch(/largest tools: delete_repo \(~9\d\d\), ping/);
  });

  it('checks the default choice when it differs from every single set', () => {
    const m = manifest(10_000) as unknown as { toolsets: Record<string, { default?: boolean }>; lint: { toolsListTokenBudget: number } };
    m.toolsets.admin.default = true;
    m.lint.toolsListTokenBudget = 1_100;
    const labels = listCosts(m as unknown as Manifest).map((c) => c.label);
    expect(labels).toContain('default toolsets issues, admin (4 tools)');
    expect(budgetFindings(m as unknown as Manifest).map((i) => i.path)).toEqual(['toolsets']);
  });

  it('counts each list in exactly the bytes of the tools/list it is, from per-tool sizes', () => {
    const m = manifest(10_000) as unknown as { tools: Record<string, { description: string }> };
    m.tools.get_issue.description = 'Zeigt ein Ticket – mit Anhängen, Emoji 🎫 und "Anführungszeichen"\n';
    const surface = buildSurface(m as unknown as Manifest);
    const costs = listCosts(m as unknown as Manifest, surface);
    expect(costs.map((c) => [c.bytes, c.tokens])).toEqual(
      costs.map((c) => {
        const bytes = Buffer.byteLength(toolsListJson(surface, c.tools), 'utf8');
        return [bytes, Math.ceil(bytes / 4)];
      }),
    );
    expect(listCosts({ ...m, tools: {}, toolsets: undefined } as unknown as Manifest)[0].bytes).toBe('{"tools":[]}'.length);
  });

  it('writes numbers as toLocaleString en-US does', () => {
    for (const n of [0, 7, 999, 1_000, 10_000, 215_702, 862_808, 1_234_567, -1_234, 2 ** 53 - 1, 1_000.5, 1e21]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('keeps the whole-list check without toolsets', () => {
    const m = { ...manifest(1_000), toolsets: undefined } as Manifest;
    expect(budgetFindings(m).map((i) => i.path)).toEqual(['tools']);
  });
});

describe('lint and docs output', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolsets-review-'));
  const file = join(dir, 'mcp.yaml');
  writeFileSync(file, stringify(manifest(800)));

  it('lint prints the cost of every list it checks', () => {
    const out = runLint({ manifest: file, format: 'text' });
    expect(out.stdout).toMatch(
      /^tools\/list cost \(UTF-8 bytes \/ 4; budget 800 tokens\):\n {2}all tools \(4\) +~ +1,\d{3} tokens {2}over budget\n {2}toolset issues \(3 tools\) +~ +7\d\d tokens\n {2}toolset admin \(2 tools\) +~ +9\d\d tokens {2}over budget\n$/,
    );
    expect(out.stderr).toMatch(/toolsets\.admin: tools\/list of toolset admin/);
  });

  it('docs groups tools by toolset, each documented once', () => {
    const text = runDocs({ manifest: file }).stdout;
    const headings = text.split('\n').filter((l) => l.startsWith('## ') || l.startsWith('### '));
    expect(headings).toEqual([
      '## Toolsets',
      '## Toolset `issues` (default)',
      '### `list_issues`',
      '### `get_issue`',
      '## Toolset `admin`',
      '### `delete_repo`',
      '## Tools in no toolset (always served)',
      '### `ping`',
    ]);
    expect(text).toMatch(/\| `issues` \| yes \| `list_issues`, `get_issue` \| ~7\d\d \| Read issues \|/);
  });
});
