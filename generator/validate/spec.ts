// Last line of defence: every definition the server publishes, checked against the official MCP schema of each
// revision the generated server speaks (MCP Apps views as the resources they are listed as). The SDK's own registration
// checks are too loose to rely on.
import type { Finding } from '../core/index.js';
import type { PathSegment } from '../load/index.js';
import type { JsonSchema, Manifest } from '../core/index.js';
import { appsOf, appUris, entriesOf, toolUiMeta, type EntryKind } from '../core/index.js';
import { publishedPrompt, publishedResource, publishedResourceTemplate, publishedServerInfo, publishedTool } from '../core/index.js';
import { isObject } from '../core/index.js';
import { validateAgainstSpec, type SpecKind } from './against-spec.js';

export function checkSpec(m: Manifest): Finding[] {
  const findings: Finding[] = [];
  const shared = (isObject(m.definitions) ? m.definitions : {}) as Record<string, JsonSchema>;
  const check = (kind: SpecKind, value: Record<string, unknown>, section: EntryKind | 'server' | 'apps', name?: string) => {
    for (const v of validateAgainstSpec(kind, value)) {
      const first = v.path[0];
      const base: PathSegment[] = name === undefined ? [section] : [section, name];
      const nameField = name !== undefined && first === 'name';
      findings.push({
        code: 'spec/violation',
        path: nameField ? base : v.path.length ? [...base, ...v.path] : base,
        at: nameField ? 'key' : 'value',
        message: `${v.message} (MCP schema ${v.revision}, ${kind})`,
        ...formatHint(v.message, v.path.at(-1)),
      });
    }
  };
  if (isObject(m.server)) check('Implementation', publishedServerInfo(m), 'server');
  const uris = appUris(m);
  for (const [name, t] of entriesOf(m, 'tools')) check('Tool', publishedTool(name, t, shared, toolUiMeta(t, uris)), 'tools', name);
  for (const [name, r] of entriesOf(m, 'resources')) check('Resource', publishedResource(name, r), 'resources', name);
  for (const [name, t] of entriesOf(m, 'resourceTemplates'))
    check('ResourceTemplate', publishedResourceTemplate(name, t), 'resourceTemplates', name);
  for (const [name, p] of entriesOf(m, 'prompts')) check('Prompt', publishedPrompt(name, p), 'prompts', name);
  // A view is listed as a resource: its ui:// URI, name, title, description, mimeType and _meta.
  for (const app of appsOf(m)) check('Resource', app.published, 'apps', app.name);
  return findings;
}

/** `src: icon.png`, `websiteUrl: example.com`: the spec's `format: uri` wants an absolute URI, with its scheme. */
function formatHint(message: string, key: PathSegment | undefined): { hint: string } | undefined {
  if (message !== 'must match format "uri"') return undefined;
  if (key === 'src')
    return {
      hint: 'clients fetch an icon by its URL: give an https URL, or embed the image as a data: URI (data:image/png;base64,...); the MCP Bundle takes a PNG file in bundle.icon',
    };
  return { hint: 'give an absolute URI with its scheme, e.g. https://example.com/...' };
}
