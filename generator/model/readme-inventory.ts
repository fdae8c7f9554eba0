// "What it offers" in the generated README: a table of tools with their parameters, then resources, resource
// templates and prompts. Everything comes from what the server publishes.
import type { EntryModel, ServerModel } from './server-model.js';
import { isObject, markdownText, showHidden } from '../core/index.js';

/** Text for one Markdown table cell: one line, pipes escaped. */
function cell(text: string): string {
  return markdownText(text).replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}

function code(text: string): string {
  return `\`${showHidden(text).replace(/`/g, "'")}\``;
}

function about(e: EntryModel): string {
  const { title, description } = e.published as { title?: unknown; description?: unknown };
  return [title, description].filter((s): s is string => typeof s === 'string' && s !== '').join(': ');
}

function parameters(e: EntryModel): string {
  const schema = e.published.inputSchema;
  if (!isObject(schema) || !isObject(schema.properties)) return '';
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.keys(schema.properties)
    .map((p) => `${code(p)}${required.has(p) ? ' (required)' : ''}`)
    .join(', ');
}

export function readmeInventory(model: ServerModel): string {
  const out: string[] = [];
  if (model.tools.length) {
    out.push('### Tools', '', '| tool | what it does | parameters |', '|---|---|---|');
    for (const t of model.tools) out.push(`| ${code(t.name)} | ${cell(about(t))} | ${parameters(t) || 'none'} |`);
    out.push('');
  }
  const list = (title: string, items: EntryModel[], detail: (e: EntryModel) => string) => {
    if (items.length === 0) return;
    out.push(
      `### ${title}`,
      '',
      ...items.map((e) => `- ${[code(e.name), detail(e)].filter(Boolean).join(' ')}${about(e) ? ` — ${cell(about(e))}` : ''}`),
      '',
    );
  };
  list('Resources', model.resources, (e) => `(${code(String(e.published.uri))})`);
  list('Resource templates', model.templates, (e) => `(${code(String(e.published.uriTemplate))})`);
  list('Prompts', model.prompts, (e) => {
    const args = Array.isArray(e.published.arguments) ? (e.published.arguments as { name: string }[]).map((a) => code(a.name)) : [];
    return args.length ? `(arguments ${args.join(', ')})` : '';
  });
  return out.length ? out.join('\n').trimEnd() : 'Nothing yet: add tools, resources or prompts to the manifest.';
}
