// Last line of defence: every definition the server publishes, checked against the official MCP schema of each
// revision the generated server speaks. The SDK's own registration checks are too loose to rely on.
import type { Finding } from '../core/index.js';
import type { PathSegment } from '../load/index.js';
import type { JsonSchema, Manifest } from '../core/index.js';
import { entriesOf, type EntryKind } from '../core/index.js';
import { publishedPrompt, publishedResource, publishedResourceTemplate, publishedServerInfo, publishedTool } from '../core/index.js';
import { isObject } from '../core/index.js';
import { validateAgainstSpec, type SpecKind } from './against-spec.js';

export function checkSpec(m: Manifest): Finding[] {
  const findings: Finding[] = [];
  const shared = (isObject(m.definitions) ? m.definitions : {}) as Record<string, JsonSchema>;
  const check = (kind: SpecKind, value: Record<string, unknown>, section: EntryKind | 'server', name?: string) => {
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
  for (const [name, t] of entriesOf(m, 'tools')) check('Tool', publishedTool(name, t, shared), 'tools', name);
  for (const [name, r] of entriesOf(m, 'resources')) check('Resource', publishedResource(name, r), 'resources', name);
  for (const [name, t] of entriesOf(m, 'resourceTemplates'))
    check('ResourceTemplate', publishedResourceTemplate(name, t), 'resourceTemplates', name);
  for (const [name, p] of entriesOf(m, 'prompts')) check('Prompt', publishedPrompt(name, p), 'prompts', name);
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
