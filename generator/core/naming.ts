// Turns manifest names (tool names may hold `-` and `.`, e.g. `API-get-user`) into TypeScript identifiers and
// file names. Both are pure functions of the name, so validation can detect collisions before anything is emitted.

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'yield let static implements interface package private protected public await arguments eval undefined NaN Infinity'
  ).split(' '),
);

/** Words of a name: split on anything that is not a letter or digit, and on lower-to-upper case changes. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

export function camelCase(name: string): string {
  const ws = words(name);
  if (ws.length === 0) return '';
  const id = ws[0] + ws.slice(1).map(capitalize).join('');
  return /^[0-9]/.test(id) ? `_${id}` : RESERVED.has(id) ? `${id}_` : id;
}

export function pascalCase(name: string): string {
  const id = words(name).map(capitalize).join('');
  return /^[0-9]/.test(id) ? `_${id}` : id;
}

/** File base name: lower snake case, so names that differ only in case or punctuation cannot collide on disk. */
export function fileBase(name: string): string {
  return words(name).join('_');
}

function capitalize(w: string): string {
  return w.charAt(0).toUpperCase() + w.slice(1);
}

export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;
