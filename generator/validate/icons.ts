// Icon sizes as the spec writes them: "Each string should be in WxH format (e.g., "48x48") or "any" for scalable
// formats like SVG". A `src` that is not a URI is the spec check's to report (format: uri), with a hint (spec.ts).
import type { Finding, PathSegment } from '../core/index.js';
import type { Manifest } from '../core/index.js';
import { ENTRY_KINDS, entriesOf, isObject } from '../core/index.js';

const SIZE = /^(\d+x\d+|any)$/;

export function checkIcons(m: Manifest): Finding[] {
  const lists: [PathSegment[], unknown][] = [[['server', 'icons'], m.server?.icons]];
  for (const kind of ENTRY_KINDS) for (const [name, e] of entriesOf(m, kind)) lists.push([[kind, name, 'icons'], e.icons]);
  for (const [name, p] of entriesOf(m, 'prompts'))
    if (Array.isArray(p.messages))
      p.messages.forEach((msg, i) => {
        if (isObject(msg) && isObject(msg.content)) lists.push([['prompts', name, 'messages', i, 'content', 'icons'], msg.content.icons]);
      });
  return lists.flatMap(([at, icons]) => (Array.isArray(icons) ? icons.flatMap((icon, i) => iconFindings(icon, [...at, i])) : []));
}

function iconFindings(icon: unknown, at: PathSegment[]): Finding[] {
  if (!isObject(icon)) return [];
  const findings: Finding[] = [];
  if (Array.isArray(icon.sizes))
    icon.sizes.forEach((size, i) => {
      if (typeof size !== 'string' || SIZE.test(size)) return;
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
