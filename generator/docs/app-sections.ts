// MCP Apps in `mcp-gen docs`: which view each tool opens and who may call it, then each view with the tools that
// open it, the tools kept for it, and what its sandbox allows (the origins and permissions a reviewer must see).
import { CSP_FIELDS, isObject, markdownText, showHidden, type Surface, type SurfaceEntry } from '../core/index.js';
import { cell } from '../diff/index.js';

const code = (v: unknown) => `\`${showHidden(String(v)).replace(/`/g, "'")}\``;
const CSP_LABEL: Record<(typeof CSP_FIELDS)[number], string> = {
  connectDomains: 'Connects to (`connectDomains`)',
  resourceDomains: 'Loads scripts, styles, images, fonts, media from (`resourceDomains`)',
  frameDomains: 'Frames (`frameDomains`)',
  baseUriDomains: 'Base URIs (`baseUriDomains`)',
};

/** The tool's `_meta.ui`, read back from what it publishes. */
function uiOf(e: SurfaceEntry): { app?: string; visibility: readonly unknown[] } | undefined {
  const meta = e.published._meta;
  if (!isObject(meta) || !isObject(meta.ui) || !isObject(e.declared.ui)) return undefined;
  const app = e.declared.ui.app;
  return { app: typeof app === 'string' ? app : undefined, visibility: Array.isArray(meta.ui.visibility) ? meta.ui.visibility : [] };
}

/** Lines under a tool's heading: the view it opens, and whom it is hidden from. */
export function toolUiLines(e: SurfaceEntry): string[] {
  const ui = uiOf(e);
  if (!ui) return [];
  const model = ui.visibility.includes('model');
  const lines: string[] = [];
  if (ui.app !== undefined)
    lines.push(model ? `Opens the view ${code(ui.app)} in hosts that show views.` : `Called by the view ${code(ui.app)}.`);
  if (!model) lines.push('For views only (visibility: `app`): hosts do not list it to the model.');
  else if (!ui.visibility.includes('app')) lines.push('Not callable by views (visibility: `model`).');
  return ['', lines.join(' ')];
}

export function appSections(s: Surface): string[] {
  const out = [
    '',
    '## Views (MCP Apps)',
    '',
    "Hosts that show views (the `io.modelcontextprotocol/ui` extension) render one in a sandbox when a tool that opens it is called; other hosts get the tool's text result.",
  ];
  const tools = [...s.entries.tools.values()].map((e) => ({ name: e.name, ui: uiOf(e) }));
  for (const app of s.apps.values()) {
    const p = app.published;
    out.push('', `### ${code(app.name)}`);
    if (typeof p.title === 'string') out.push('', `**${markdownText(p.title)}**`);
    if (typeof p.description === 'string') out.push('', markdownText(p.description));
    const naming = tools.filter((t) => t.ui?.app === app.name);
    const opened = naming.filter((t) => t.ui?.visibility.includes('model')).map((t) => code(t.name));
    const own = naming.filter((t) => !t.ui?.visibility.includes('model')).map((t) => code(t.name));
    const meta = isObject(p._meta) && isObject(p._meta.ui) ? p._meta.ui : {};
    const rows: [string, string][] = [
      ['URI', code(app.uri)],
      ['Opened by', opened.join(', ') || 'no tool'],
    ];
    if (own.length) rows.push(['Tools for this view only', own.join(', ')]);
    const csp = isObject(meta.csp) ? meta.csp : {};
    for (const field of CSP_FIELDS) {
      const list = Array.isArray(csp[field]) ? (csp[field] as unknown[]) : [];
      if (list.length) rows.push([CSP_LABEL[field], list.map(code).join(', ')]);
    }
    if (!CSP_FIELDS.some((f) => Array.isArray(csp[f]) && (csp[f] as unknown[]).length))
      rows.push(['Network', "none: nothing outside the view (the host's default policy)"]);
    if (isObject(meta.permissions) && Object.keys(meta.permissions).length)
      rows.push(['Permissions', Object.keys(meta.permissions).join(', ')]);
    if (meta.domain !== undefined) rows.push(['Sandbox domain', code(meta.domain)]);
    if (typeof meta.prefersBorder === 'boolean') rows.push(['Border', meta.prefersBorder ? 'yes' : 'no']);
    out.push('', '| | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${cell(v)} |`));
  }
  return out;
}
