// Toolsets and scope-hidden tools as the generated runtime takes them (templates/runtime/toolsets.ts).
import { jsLiteral } from './js-literal.js';
import type { Manifest } from '../core/index.js';
import { entriesOf, isObject } from '../core/index.js';

export interface ToolsetsModel {
  /** The ToolsetsConfig literal: sets, tools hidden without their scopes, the per-request opt-in. */
  configJson: string;
  /** Set names, for the --toolsets usage line; empty when only hideWithoutScopes is used. */
  names: string[];
  /** `names` as the usage text lists them. */
  usageList: string;
}

/** Null when the manifest declares no toolsets and hides no tool: then no runtime code is emitted for them. */
export function toolsetsModel(m: Manifest): ToolsetsModel | null {
  const sets = isObject(m.toolsets) ? m.toolsets : {};
  const hideByDefault = m.auth?.hideWithoutScopes === true;
  const hidden: Record<string, string[]> = {};
  for (const [name, tool] of entriesOf(m, 'tools')) {
    const scopes = tool.policy?.scopes ?? [];
    // defineProperty: a tool may be named `__proto__`.
    if (scopes.length > 0 && (tool.policy?.hideWithoutScopes ?? hideByDefault))
      Object.defineProperty(hidden, name, { value: [...scopes], enumerable: true });
  }
  const names = Object.keys(sets);
  // Without tools the server has no tools handlers to filter (and sets of nothing change nothing).
  if (entriesOf(m, 'tools').length === 0 || (names.length === 0 && Object.keys(hidden).length === 0)) return null;
  const setsOut: Record<string, unknown> = {};
  const config: Record<string, unknown> = { sets: setsOut, hidden, request: null };
  for (const name of names) {
    const set = sets[name];
    Object.defineProperty(setsOut, name, {
      value: { tools: [...set.tools], ...(set.default === true ? { default: true } : {}) },
      enumerable: true,
    });
  }
  const http = m.transports?.http;
  if (isObject(http) && isObject(http.toolsets) && names.length > 0) {
    const { header, query } = http.toolsets;
    config.request = { ...(header !== undefined ? { header } : {}), ...(query !== undefined ? { query } : {}) };
  }
  return { configJson: jsLiteral(config), names, usageList: names.join(', ') };
}
