// Icon sizes as the spec writes them: "Each string should be in WxH format (e.g., "48x48") or "any" for scalable
// formats like SVG". A `src` that is not a URI is the spec check's to report (format: uri), with a hint (spec.ts).
import type { Finding, PathSegment } from '../core/index.js';
import type { Manifest } from '../core/index.js';
import { ENTRY_KINDS, entriesOf, isObject } from '../core/index.js';

/** An icon size as the spec (and the MCP Registry) writes it. */
export const ICON_SIZE = /^(\d+x\d+|any)$/;

/** Every icon the manifest publishes, with its path: the server's, each entry's, and those of prompt content. */
export function everyIcon(m: Manifest): [PathSegment[], unknown][] {
  const found: [PathSegment[], unknown][] = [];
  const icons = (value: unknown, at: PathSegment[]) => {
    if (Array.isArray(value)) value.forEach((icon, i) => found.push([[...at, i], icon]));
  };
  if (isObject(m.server)) icons(m.server.icons, ['server', 'icons']);
  for (const kind of ENTRY_KINDS)
    for (const [name, entry] of entriesOf(m, kind)) {
      if (!isObject(entry)) continue;
      icons(entry.icons, [kind, name, 'icons']);
      if (kind === 'prompts' && Array.isArray(entry.messages))
        entry.messages.forEach((message: unknown, i: number) => {
          if (isObject(message) && isObject(message.content)) icons(message.content.icons, [kind, name, 'messages', i, 'content', 'icons']);
        });
    }
  return found;
}

export function checkIcons(m: Manifest): Finding[] {
  return everyIcon(m).flatMap(([at, icon]) => iconFindings(icon, at));
}

function iconFindings(icon: unknown, at: PathSegment[]): Finding[] {
  if (!isObject(icon)) return [];
  const findings: Finding[] = [];
  if (Array.isArray(icon.sizes))
    icon.sizes.forEach((size, i) => {
      if (typeof size !== 'string' || ICON_SIZE.test(size)) return;
      const side = /^\d+$/.exec(size.trim())?.[0];
      findings.push({
        code: 'icon/size',
        severity: 'warning',
        path: [...at, 'sizes', i],
        message: `${JSON.stringify(size)} is not a size as the spec writes them (WxH, or any for scalable images)`,
        hint: side ? `did you mean '${side}x${side}'?` : "write e.g. '48x48', or 'any' for an SVG",
      });
    });
  return findings;
}
