// The MCP spec leaves some objects open (ToolAnnotations, ToolExecution, Annotations, Icon): a server may put keys
// of its own there, and the manifest publishes them as written. A key the spec does not define is often a typo
// (`readonlyHint`), which no client would read, so lint names each one, with the closest defined key.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closest, entriesOf, ENTRY_KINDS, isObject, packageRoot } from '../../core/index.js';
import type { Manifest, PathSegment } from '../../core/index.js';
import type { LintFinding } from './lint-finding.js';
import { everyIcon } from '../icons.js';

type OpenObject = 'ToolAnnotations' | 'ToolExecution' | 'Annotations' | 'Icon';

const LABEL: Record<OpenObject, string> = {
  ToolAnnotations: "the tool's annotations",
  ToolExecution: "the tool's execution",
  Annotations: 'annotations',
  Icon: 'an icon',
};

let known: Record<OpenObject, string[]> | undefined;

/** The keys the spec defines in each open object, read from the manifest schema, which mirrors the spec's. */
function knownKeys(): Record<OpenObject, string[]> {
  if (known) return known;
  const schema = JSON.parse(readFileSync(join(packageRoot(), 'schemas', 'manifest.schema.json'), 'utf8')) as {
    definitions: Record<string, { properties: object }>;
  };
  const keys = (name: OpenObject) => Object.keys(schema.definitions[name].properties);
  known = {
    ToolAnnotations: keys('ToolAnnotations'),
    ToolExecution: keys('ToolExecution'),
    Annotations: keys('Annotations'),
    Icon: keys('Icon'),
  };
  return known;
}

/** Every open spec object in the manifest, with its path. */
function openObjects(m: Manifest): [OpenObject, PathSegment[], unknown][] {
  const found: [OpenObject, PathSegment[], unknown][] = everyIcon(m).map(([at, icon]) => ['Icon', at, icon]);
  for (const kind of ENTRY_KINDS) {
    for (const [name, entry] of entriesOf(m, kind)) {
      if (!isObject(entry)) continue;
      const at: PathSegment[] = [kind, name];
      found.push([kind === 'tools' ? 'ToolAnnotations' : 'Annotations', [...at, 'annotations'], entry.annotations]);
      if (kind === 'tools') found.push(['ToolExecution', [...at, 'execution'], entry.execution]);
      if (kind === 'prompts' && Array.isArray(entry.messages)) {
        entry.messages.forEach((message: unknown, i: number) => {
          const content = isObject(message) ? message.content : undefined;
          if (isObject(content)) found.push(['Annotations', [...at, 'messages', i, 'content', 'annotations'], content.annotations]);
        });
      }
    }
  }
  return found;
}

export function unknownSpecKeys(m: Manifest): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const [object, path, value] of openObjects(m)) {
    if (!isObject(value)) continue;
    const defined = knownKeys()[object];
    for (const key of Object.keys(value)) {
      if (defined.includes(key)) continue;
      const guess = closest(key, defined);
      findings.push({
        path: [...path, key],
        at: 'key',
        message: `'${key}' is not a key the MCP spec defines in ${LABEL[object]}; it is published as written, and clients that do not know it ignore it`,
        hint: guess ? `did you mean '${guess}'?` : `the spec's keys here: ${defined.join(', ')}; keep it if it is an extension of your own`,
      });
    }
  }
  return findings;
}
