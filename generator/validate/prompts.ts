// Prompt messages rendered from the manifest may only use {{placeholders}} that name a declared argument.
import type { Finding } from '../core/index.js';
import { closest } from '../core/index.js';
import type { Manifest } from '../core/index.js';
import { entriesOf } from '../core/index.js';
import { isObject } from '../core/index.js';

export const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export function checkPrompts(m: Manifest): Finding[] {
  const findings: Finding[] = [];
  for (const [name, p] of entriesOf(m, 'prompts')) {
    const args = Array.isArray(p.arguments) ? p.arguments.filter((a) => typeof a?.name === 'string') : [];
    const seen = new Set<string>();
    args.forEach((a, i) => {
      if (seen.has(a.name)) {
        findings.push({
          code: 'prompt/duplicate-argument',
          path: ['prompts', name, 'arguments', i, 'name'],
          message: `argument ${JSON.stringify(a.name)} is declared twice`,
          hint: 'a client passes one value per name: rename or remove one of them',
        });
      }
      seen.add(a.name);
    });
    if (!Array.isArray(p.messages)) continue;
    p.messages.forEach((msg, i) => {
      for (const [field, text] of renderedFields(msg)) {
        for (const match of text.matchAll(PLACEHOLDER)) {
          const arg = match[1];
          if (seen.has(arg)) continue;
          const guess = closest(arg, seen);
          findings.push({
            code: 'prompt/unknown-placeholder',
            path: ['prompts', name, 'messages', i, ...field],
            offset: match.index,
            message: `placeholder {{${arg}}} names no argument of prompt ${JSON.stringify(name)}`,
            hint: guess ? `did you mean {{${guess}}}?` : `declare it under arguments: (- name: ${arg})`,
          });
        }
      }
    });
  }
  return findings;
}

/** The strings of a message that {{placeholders}} render into: text, and the text and URI of content blocks. */
export function renderedFields(msg: unknown): [string[], string][] {
  const out: [string[], string][] = [];
  const add = (path: string[], value: unknown) => typeof value === 'string' && out.push([path, value]);
  if (!isObject(msg)) return out;
  add(['text'], msg.text);
  if (isObject(msg.content)) {
    add(['content', 'text'], msg.content.text);
    add(['content', 'uri'], msg.content.uri);
    if (isObject(msg.content.resource)) {
      add(['content', 'resource', 'uri'], msg.content.resource.uri);
      add(['content', 'resource', 'text'], msg.content.resource.text);
    }
  }
  return out;
}
