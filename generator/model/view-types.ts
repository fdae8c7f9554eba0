// The model of the MCP Apps views' code (views-model.ts, views-starter.ts), as server-model.ts holds the server's.

/** A field the starter shows: its label and how the code reads it (`.city`, `["x-y"]`). */
export interface StarterField {
  labelLiteral: string;
  access: string;
}

export interface StarterTable extends StarterField {
  /** The columns, as a TS array of string literals: each is a key of the row type, so a removed one fails to compile. */
  columnsLiteral: string;
}

export interface StarterAction {
  nameLiteral: string;
  labelLiteral: string;
  /** The arguments, read from the input the view received: `{ city: input.city }`. */
  argsExpr: string;
  /** The tool answers what the view shows (the opener's outputSchema): the result is drawn again. */
  redraws: boolean;
}

export interface StarterModel {
  /** The one tool that opens the view, whose fields the starter reads by name; null (none, or several) shows JSON. */
  opener: string | null;
  inputFields: StarterField[];
  /** The opener's outputSchema, shown by field; null without one (the starter shows the result's text). */
  output: { fields: StarterField[]; tables: StarterTable[] } | null;
  actions: StarterAction[];
  /** Which of the starter's helpers its code calls (the others are left out). */
  helpers: { fields: boolean; table: boolean; json: boolean };
}

/** A tool as a view's types name it. */
export interface ViewToolModel {
  name: string;
  nameLiteral: string;
  /** Its input type in app.gen.ts, e.g. `GetForecastInput` (as the model sent it: defaults are not filled in). */
  inputType: string;
  /** The type of its `structuredContent`, or `undefined` without an outputSchema. */
  outputTypeExpr: string;
}

export interface ViewModel {
  name: string;
  nameLiteral: string;
  uriLiteral: string;
  /** The view's folder relative to the project (POSIX, normalized). */
  source: string;
  /** Files in that folder, relative to the project: the generated types and the starter, created once. */
  typesFile: string;
  pageFile: string;
  mainFile: string;
  /** Where `npm run build:views` writes the view's one HTML file, relative to the project. */
  htmlFile: string;
  /** The page title, as HTML text (escaped), and as a TS literal. */
  titleHtml: string;
  titleLiteral: string;
  /** Declarations of the input and output types of `openers` and `callable`, as types.gen.ts prints them. */
  schemaTypes: string;
  /** Tools the model calls that open this view: what it receives. */
  openers: ViewToolModel[];
  /** Tools the view may call through the host (`app` in their visibility): what its typed callServerTool takes. */
  callable: ViewToolModel[];
  starter: StarterModel;
}
