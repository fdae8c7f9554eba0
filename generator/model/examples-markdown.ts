// The examples of one manifest entry as Markdown, for reference docs (`mcp-gen docs` shows them under each tool,
// resource, template and prompt): each example's call and its answer, as JSON. Depends on the manifest only.
import { isObject } from '../core/index.js';

type Kind = 'tools' | 'resources' | 'resourceTemplates' | 'prompts';

const json = (value: unknown) => ['```json', JSON.stringify(value, null, 2), '```'];

/** Markdown lines for `entry.examples` (empty when it has none). `kind` says what the call looks like. */
export function examplesMarkdown(kind: Kind, entry: unknown): string[] {
  const examples = isObject(entry) && isObject(entry.examples) ? Object.entries(entry.examples).filter(([, e]) => isObject(e)) : [];
  if (examples.length === 0) return [];
  const out: string[] = ['', `**Example${examples.length === 1 ? '' : 's'}:**`];
  for (const [name, raw] of examples) {
    const e = raw as Record<string, unknown>;
    out.push(
      '',
      `*${name.replace(/[*_`]/g, '\\$&')}*${typeof e.description === 'string' ? ` — ${e.description.replace(/\s+/g, ' ')}` : ''}`,
    );
    if (kind === 'tools' || kind === 'prompts')
      out.push('', kind === 'tools' ? 'Arguments:' : 'Arguments (prompts/get):', '', ...json(e.input ?? {}));
    if (kind === 'resourceTemplates' && typeof e.uri === 'string') out.push('', `Read \`${e.uri.replace(/`/g, "'")}\``);
    if (e.output !== undefined) {
      const output = e.output as Record<string, unknown>;
      if (kind === 'tools' && output.isError === true) {
        out.push(
          '',
          `Answer: a tool error${typeof output.messagePattern === 'string' ? ` matching \`/${output.messagePattern.replace(/`/g, "'")}/\`` : ''}.`,
        );
      } else {
        out.push('', 'Answer:', '', ...json(output));
      }
    }
    if (Array.isArray(e.ignore) && e.ignore.length)
      out.push('', `Varies between calls: ${e.ignore.map((p) => `\`${String(p).replace(/`/g, "'")}\``).join(', ')}.`);
  }
  return out;
}
