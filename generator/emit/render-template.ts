import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type HandlebarsModule from 'handlebars';
import { packageRoot } from '../core/index.js';

type Handlebars = typeof HandlebarsModule;
type Spec = Parameters<Handlebars['template']>[0];
const require = createRequire(import.meta.url);
const cache = new Map<string, HandlebarsModule.TemplateDelegate>();
let table: Record<string, Spec> | null | undefined;

/** The build's precompiled templates (scripts/finish-build.mjs); null when running from source. */
function precompiled(): Record<string, Spec> | null {
  if (table === undefined) {
    try {
      table = require('./templates.gen.cjs') as Record<string, Spec>;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw err;
      table = null;
    }
  }
  return table;
}

/**
 * Renders `templates/<name>`. Compiled with `noEscape` (the output is code, not HTML; every string is escaped
 * by the model) and `strict` (a field the model lacks is a bug, not an empty string).
 */
export function renderTemplate(name: string, data: object): string {
  let template = cache.get(name);
  if (!template) {
    const spec = precompiled()?.[name];
    if (spec) template = (require('handlebars/runtime') as Handlebars).template(spec);
    else {
      const text = readFileSync(join(packageRoot(), 'templates', name), 'utf8');
      template = (require('handlebars') as Handlebars).compile(text, { noEscape: true, strict: true });
    }
    cache.set(name, template);
  }
  return template(data);
}

export function readStatic(name: string): string {
  return readFileSync(join(packageRoot(), 'templates', name), 'utf8');
}
