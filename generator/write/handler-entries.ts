import type { Manifest } from '../core/index.js';
import { entriesOf, type EntryKind } from '../core/index.js';
import type { CompletionExport, HandlerEntry } from './plan.js';
import type { ViewEntry } from './view-check.js';
import { isObject } from '../core/index.js';
import { completionsLocation, type EntryModel, type ServerModel } from '../model/index.js';

/** Every entry that has a handler file, with what regeneration needs to follow it: renames and schema properties. */
export function handlerEntries(model: ServerModel, manifest: Manifest): HandlerEntry[] {
  const out: HandlerEntry[] = [];
  const add = (kind: EntryKind, entries: EntryModel[]) => {
    const declared = new Map(entriesOf(manifest, kind).map(([name, e]) => [name, e as { renamedFrom?: string }]));
    for (const e of entries) {
      if (!e.hasHandler) continue;
      const entry: HandlerEntry = { kind, name: e.name, ident: e.ident, file: e.handlerFile };
      const renamedFrom = declared.get(e.name)?.renamedFrom;
      if (renamedFrom) entry.renamedFrom = renamedFrom;
      if (kind === 'tools') {
        entry.inputProperties = propertyNames(e.published.inputSchema);
        if (e.published.outputSchema !== undefined) entry.outputProperties = propertyNames(e.published.outputSchema);
      }
      out.push(entry);
    }
  };
  add('tools', model.tools);
  add('resources', model.resources);
  add('resourceTemplates', model.templates);
  add('prompts', model.prompts);
  return out;
}

/**
 * Each completions export (a user file per prompt or template whose values ask a handler), as the server imports it,
 * with the entry's renamedFrom: the file follows a rename as the entry's handler does.
 */
export function completionExports(model: ServerModel, manifest: Manifest): CompletionExport[] {
  const out: CompletionExport[] = [];
  for (const [kind, dir, entries] of [
    ['prompts', 'prompts', model.prompts],
    ['resourceTemplates', 'resource-templates', model.templates],
  ] as const) {
    const declared = new Map(entriesOf(manifest, kind).map(([name, e]) => [name, e as { renamedFrom?: string }]));
    for (const e of entries) {
      const c = e.completionHandler;
      if (!c) continue;
      const completions: CompletionExport = { kind, name: e.name, file: c.handlerFile, export: c.ident, type: c.typeName };
      const renamedFrom = declared.get(e.name)?.renamedFrom;
      if (renamedFrom) {
        completions.renamedFrom = renamedFrom;
        // A state written before completions were recorded: where the old name's file would be, by the same naming.
        const old = completionsLocation(dir, renamedFrom);
        completions.unrecordedFrom = { file: old.handlerFile, export: old.ident };
      }
      out.push(completions);
    }
  }
  return out;
}

function propertyNames(schema: unknown): string[] {
  return isObject(schema) && isObject(schema.properties) ? Object.keys(schema.properties) : [];
}

/** Each MCP Apps view with its folder, and the tool each type of its app.gen.ts comes from, for the contract check. */
export function viewEntries(model: ServerModel): ViewEntry[] {
  return model.views.map((v) => {
    const types: ViewEntry['types'] = {};
    for (const t of [...v.openers, ...v.callable]) {
      types[t.inputType] = { tool: t.name, side: 'input' };
      if (t.outputTypeExpr !== 'undefined') types[t.outputTypeExpr] = { tool: t.name, side: 'output' };
    }
    return { name: v.name, source: v.source, types };
  });
}
