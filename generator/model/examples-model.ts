// The manifest's examples as generated code reads them: per kind, per entry name, a list in manifest order with
// defaults filled in (a tool's input is {}; ignore is []). Validation has already checked them.
import { jsLiteral } from './js-literal.js';
import type { Manifest } from '../core/index.js';
import { ENTRY_KINDS, entriesOf } from '../core/index.js';
import { isObject, uriMatcher } from '../core/index.js';

export interface ExamplesModel {
  /** `{tools: {...}, resources: {...}, resourceTemplates: {...}, prompts: {...}}` as a TypeScript literal. */
  examplesJson: string;
  /** How many examples the manifest declares. */
  exampleCount: number;
}

const FIELDS = ['description', 'input', 'uri', 'output'] as const;

export function buildExamplesModel(m: Manifest): ExamplesModel {
  let exampleCount = 0;
  const all: Record<string, Record<string, unknown[]>> = {};
  for (const kind of ENTRY_KINDS) {
    const byName: Record<string, unknown[]> = {};
    for (const [name, entry] of entriesOf(m, kind)) {
      const examples = (entry as { examples?: unknown }).examples;
      if (!isObject(examples)) continue;
      const list = Object.entries(examples)
        .filter(([, e]) => isObject(e))
        .map(([exampleName, e]) => {
          const source = e as Record<string, unknown>;
          const out: Record<string, unknown> = { name: exampleName };
          for (const f of FIELDS) if (source[f] !== undefined) out[f] = source[f];
          if ((kind === 'tools' || kind === 'prompts') && out.input === undefined) out.input = {};
          // Mock mode finds the example a read matches by these, without carrying the matcher.
          const template = (entry as { uriTemplate?: unknown }).uriTemplate;
          if (kind === 'resourceTemplates' && typeof out.uri === 'string' && typeof template === 'string') {
            const variables = templateVariables(template, out.uri);
            if (variables) out.variables = variables;
          }
          out.ignore = Array.isArray(source.ignore) ? source.ignore : [];
          return out;
        });
      if (list.length === 0) continue;
      exampleCount += list.length;
      byName[name] = list;
    }
    all[kind] = byName;
  }
  return { examplesJson: jsLiteral(all), exampleCount };
}

function templateVariables(template: string, uri: string): Record<string, unknown> | null {
  try {
    return uriMatcher(template).match(uri);
  } catch {
    // A template the matcher refuses is reported by validate; its examples keep their URI only.
    return null;
  }
}
