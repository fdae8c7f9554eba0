// The view side of MCP Apps in a generated project. Each view is the user's browser code in its folder
// (`apps.<name>.source`); generate writes its types beside it, and `npm run build:views` bundles it into one
// self-contained HTML file at a fixed place, which is the build's contract with the server that serves the view.

/** Where the build writes the views: inside the server's own build output, so that they ship with it. */
export const VIEW_OUT_DIR = 'dist/ui';

/** The one file a view becomes, relative to the project; the server serves it as the view's ui:// resource. */
export function viewHtmlPath(app: string): string {
  return `${VIEW_OUT_DIR}/${app}.html`;
}

/**
 * Largest view the build lets through, in bytes of HTML. The server holds each view in memory and sends it whole on
 * every uncached resources/read, and platforms that start the server from one bundle count it against their limits
 * (inline assets of a few megabytes broke Workers deploys). A view on ext-apps' App alone is about 236 KB.
 */
export const VIEW_BUDGET_BYTES = 512 * 1024;

/** The view's generated types, beside its code (rewritten on every run). */
export const VIEW_TYPES_FILE = 'app.gen.ts';

/** The starter files generate creates once in a view's folder; the user's thereafter. */
export const VIEW_STARTER_FILES = { page: 'index.html', main: 'main.ts' } as const;

/** The views' TypeScript settings (browser code), apart from tsconfig.json (the server's, for Node). */
export const VIEWS_TSCONFIG = 'tsconfig.views.json';

/** The script behind `npm run build:views`. */
export const VIEWS_BUILD_SCRIPT = 'scripts/build-views.mjs';
