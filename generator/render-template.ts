import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { packageRoot } from './package-root.js';

const cache = new Map<string, Handlebars.TemplateDelegate>();

/**
 * Renders `templates/<name>`. Compiled with `noEscape` (the output is code, not HTML; every string is escaped
 * by the model) and `strict` (a field the model lacks is a bug, not an empty string).
 */
export function renderTemplate(name: string, data: object): string {
  let template = cache.get(name);
  if (!template) {
    const text = readFileSync(join(packageRoot(), 'templates', name), 'utf8');
    template = Handlebars.compile(text, { noEscape: true, strict: true });
    cache.set(name, template);
  }
  return template(data);
}

export function readStatic(name: string): string {
  return readFileSync(join(packageRoot(), 'templates', name), 'utf8');
}
