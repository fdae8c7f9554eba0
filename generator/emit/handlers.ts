// src/handlers/<kind>/<name>.ts: typed stubs, owned by the user once written.
import type { EmittedFile } from './emitted-file.js';
import { stringLiteral } from '../model/index.js';
import { renderTemplate } from './render-template.js';
import type { EntryModel, PromptModel, ServerModel, TemplateModel } from '../model/index.js';

export function emitHandlers(model: ServerModel): Map<string, EmittedFile> {
  const files = new Map<string, EmittedFile>();
  const add = (template: string, e: EntryModel) => {
    if (!e.hasHandler) return;
    const content = renderTemplate(`handlers/${template}.ts.hbs`, {
      ...e,
      generatedImport: '../../generated',
      handlerFileLiteral: stringLiteral(e.handlerFile),
    });
    files.set(e.handlerFile, { owner: 'user', content });
  };
  const completions = (e: PromptModel | TemplateModel) => {
    if (!e.completionHandler) return;
    const content = renderTemplate('handlers/completions.ts.hbs', { ...e, ...e.completionHandler, generatedImport: '../../../generated' });
    files.set(e.completionHandler.handlerFile, { owner: 'user', content });
  };
  model.tools.forEach((e) => add('tool', e));
  model.resources.forEach((e) => add('resource', e));
  model.templates.forEach((e) => add('resource-template', e));
  model.prompts.forEach((e) => add('prompt', e));
  model.templates.forEach(completions);
  model.prompts.forEach(completions);
  return files;
}
