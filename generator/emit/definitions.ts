// src/generated/definitions.gen.ts: the largest generated file (every published schema), printed in the generated
// code's style by model/ts-literal so that the write stage need not run Biome over it. When the printer cannot vouch
// for a literal, the file is written as one-line literals and formatted by Biome like the others.
import type { EmittedFile } from './emitted-file.js';
import { formattedStatement, jsLiteral, RawCode, wrapDocComments, type ServerModel } from '../model/index.js';
import { renderTemplate } from './render-template.js';

const KINDS = [
  { list: 'tools', type: 'PublishedTool', word: 'Tool', entries: (m: ServerModel) => m.tools },
  // MCP Apps views are ui:// resources, listed after the manifest's own.
  {
    list: 'resources',
    type: 'PublishedResource',
    word: 'Resource',
    entries: (m: ServerModel) => [...m.resources, ...(m.apps?.views ?? []).map((v) => ({ ...v, summary: `(MCP Apps view) ${v.summary}` }))],
  },
  { list: 'resourceTemplates', type: 'PublishedResourceTemplate', word: 'Resource template', entries: (m: ServerModel) => m.templates },
  { list: 'prompts', type: 'PublishedPrompt', word: 'Prompt', entries: (m: ServerModel) => m.prompts },
] as const;

export function emitDefinitions(model: ServerModel): EmittedFile {
  let exact = true;
  const statement = (lead: string, value: unknown, fallback = () => jsLiteral(value)): string => {
    const printed = exact ? formattedStatement(lead, value) : undefined;
    if (printed !== undefined) return printed;
    exact = false;
    return `${lead}${fallback()};`;
  };
  const data = {
    header: model.header,
    serverInfoStatement: statement(
      `export const serverInfo: Omit<Implementation, 'icons'> & { icons?: PublishedIcon[] } = `,
      model.serverInfo,
    ),
    serverOptionsStatement: statement('export const serverOptions = ', model.serverOptions),
    definitions: KINDS.flatMap((kind) =>
      kind.entries(model).map((e) => ({
        about: `${kind.word} ${e.summary}`,
        statement: statement(`export const ${e.defConst}: ${kind.type} = `, e.published),
      })),
    ),
    listStatements: KINDS.map((kind) => {
      const names = kind.entries(model).map((e) => e.defConst);
      const lead = `export const ${kind.list}: readonly ${kind.type}[] = `;
      return statement(
        lead,
        names.map((n) => new RawCode(n)),
        () => `[${names.join(', ')}]`,
      );
    }).join('\n'),
  };
  const content = renderTemplate('project/src/generated/definitions.gen.ts.hbs', data);
  // Biome never rewraps comments; the write stage wraps long doc comments after formatting, and so does this.
  return exact ? { owner: 'generator', preformatted: true, content: wrapDocComments(content) } : { owner: 'generator', content };
}
