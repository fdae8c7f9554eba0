// MCP Apps views: in each view's folder the starter (index.html, main.ts: created once, the user's thereafter) and the
// generated types (app.gen.ts); at the root the views' tsconfig and the script behind `npm run build:views`.
import { VIEW_BUDGET_BYTES, VIEW_OUT_DIR, VIEWS_BUILD_SCRIPT, VIEWS_TSCONFIG } from '../core/index.js';
import type { ServerModel } from '../model/index.js';
import type { EmittedFile } from './emitted-file.js';
import { renderTemplate } from './render-template.js';

export function emitViews(model: ServerModel): Map<string, EmittedFile> {
  const files = new Map<string, EmittedFile>();
  if (model.views.length === 0) return files;
  for (const view of model.views) {
    const data = { ...view, header: model.header };
    files.set(view.typesFile, { owner: 'generator', content: renderTemplate('views/app.gen.ts.hbs', data) });
    files.set(view.pageFile, { owner: 'user', content: renderTemplate('views/index.html.hbs', data) });
    files.set(view.mainFile, { owner: 'user', content: renderTemplate('views/main.ts.hbs', data) });
  }
  const include = model.views.map((v) => v.source);
  files.set(VIEWS_TSCONFIG, {
    owner: 'generator',
    content: renderTemplate('project/tsconfig.views.json.hbs', { viewsIncludeJson: JSON.stringify(include) }),
  });
  const build = model.views.map((v) => ({ name: v.name, source: v.source, html: v.htmlFile }));
  files.set(VIEWS_BUILD_SCRIPT, {
    owner: 'generator',
    content: renderTemplate('project/scripts/build-views.mjs.hbs', {
      outDirText: VIEW_OUT_DIR,
      viewsBuildJson: JSON.stringify(build, null, 2),
      viewBudgetBytes: String(VIEW_BUDGET_BYTES),
    }),
  });
  return files;
}
