// What the MCP Registry would refuse in server.json, found in the manifest fields it is made from. The limits are
// those of the registry's schema (schemas/registry/2025-12-11.server.schema.json) and of its publish-time checks
// (modelcontextprotocol/registry, internal/validators/validators.go): name format and length, description and title
// length, a specific version rather than a range, https URLs. Also the public URL of the HTTP endpoint, which feeds
// server.json's remotes and the server card.
import type { Finding, HttpTransport, Icon, Manifest } from '../core/index.js';
import { isLoopbackHost, isObject } from '../core/index.js';
import { ICON_SIZE } from './icons.js';

// The registry's name rule: `namespace/name`, each part starting and ending with a letter or digit.
const NAMESPACE = /^[a-zA-Z0-9][a-zA-Z0-9.-]*[a-zA-Z0-9]$/;
const NAME_PART = /^[a-zA-Z0-9][a-zA-Z0-9._-]*[a-zA-Z0-9]$/;
// The registry's range detectors: comparators, hyphen ranges, ORs, and x/X/* wildcards.
const PART = String.raw`v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?`;
const RANGES = [
  new RegExp(String.raw`^\s*(?:\^|~|>=|<=|>|<|=)\s*${PART}\s*$`),
  new RegExp(String.raw`^\s*${PART}\s-\s*${PART}\s*$`),
  new RegExp(String.raw`^\s*(?:${PART}\s*)(?:\|\|\s*${PART}\s*)+$`),
];
const WILDCARD = /^\s*(?:v?\d+|x|X|\*)(?:\.(?:\d+|x|X|\*)){1,2}(?:-[0-9A-Za-z.-]+)?\s*$/;

export function checkRegistry(m: Manifest): Finding[] {
  const findings: Finding[] = [];
  const server = isObject(m.server) ? m.server : undefined;
  const http = isObject(m.transports) && isObject(m.transports.http) ? (m.transports.http as HttpTransport) : undefined;
  if (typeof http?.publicUrl === 'string') findings.push(...checkPublicUrl(http.publicUrl, m.transports?.http === false));
  if (!server || typeof server.registryName !== 'string') return findings;
  const at = (...path: (string | number)[]) => ['server', ...path];
  const add = (code: string, path: string[], message: string, hint: string) =>
    findings.push({ code: `registry/${code}`, path: at(...path), message, hint });

  const name = server.registryName;
  const problem = nameProblem(name);
  if (problem)
    add('name', ['registryName'], problem, 'e.g. io.github.<owner>/<server> (proved by GitHub login) or com.example/<server> (by DNS)');

  if (typeof server.description !== 'string' || server.description.trim() === '') {
    findings.push({
      code: 'registry/description',
      path: at('registryName'),
      at: 'key',
      message: 'server.json needs a description, and server.description is not set',
      hint: 'add server.description: one sentence, at most 100 characters',
    });
  } else if ([...server.description].length > 100) {
    add(
      'description',
      ['description'],
      `the registry allows 100 characters of description, this one has ${[...server.description].length}`,
      'shorten it',
    );
  }
  if (typeof server.title === 'string') {
    if (server.title.trim() === '') add('title', ['title'], 'the registry refuses a title of only spaces', 'remove it or give a name');
    else if ([...server.title].length > 100) add('title', ['title'], 'the registry allows 100 characters of title', 'shorten it');
  }

  const version = server.version;
  if (typeof version === 'string') {
    if (version === 'latest')
      add('version', ['version'], '"latest" is reserved by the registry', 'give the version being published, e.g. 1.0.0');
    else if (looksLikeRange(version)) add('version', ['version'], `${version} is a range; the registry wants one version`, 'e.g. 1.2.3');
    else if (version.length > 255) add('version', ['version'], 'the registry allows 255 characters of version', 'shorten it');
  }

  if (typeof server.websiteUrl === 'string' && !isHttps(server.websiteUrl)) {
    add('url', ['websiteUrl'], `the registry wants an absolute https URL, not ${server.websiteUrl}`, 'e.g. https://example.com/docs');
  }
  const repo = isObject(server.repository) ? server.repository : undefined;
  if (typeof repo?.url === 'string' && !isHttps(repo.url)) {
    add(
      'url',
      ['repository', 'url'],
      `the registry wants an absolute https URL, not ${repo.url}`,
      'e.g. https://github.com/acme/weather-mcp',
    );
  }
  if (Array.isArray(server.icons)) {
    server.icons.forEach((icon, i) => {
      const problem = isObject(icon) && typeof icon.src === 'string' ? registryIconProblem(icon) : undefined;
      if (problem)
        findings.push({
          code: 'registry/icon',
          severity: 'warning',
          path: at('icons', i),
          message: `left out of server.json and the server card: ${problem}`,
          hint: 'serverInfo still publishes it; for the registry give an https URL of a PNG, JPEG, SVG or WebP image',
        });
    });
  }
  if (typeof repo?.subfolder === 'string' && !cleanRelative(repo.subfolder)) {
    add(
      'subfolder',
      ['repository', 'subfolder'],
      `${repo.subfolder} is not a clean relative path`,
      'e.g. packages/weather (no leading /, no ..)',
    );
  }
  return findings;
}

// The registry's Icon: an https URL of at most 255 characters, one of its image types, WxH or `any` sizes.
const REGISTRY_ICON_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/svg+xml', 'image/webp']);

/** Why the registry's schema refuses this icon (the MCP spec also allows data: URIs and other types), or undefined. */
export function registryIconProblem(icon: Icon): string | undefined {
  if (!isHttps(icon.src))
    return `the registry takes only https icon URLs, not ${icon.src.slice(0, 40)}${icon.src.length > 40 ? '...' : ''}`;
  if (icon.src.length > 255) return `the registry allows 255 characters of icon URL, this one has ${icon.src.length}`;
  if (icon.mimeType !== undefined && !REGISTRY_ICON_TYPES.has(icon.mimeType))
    return `the registry takes image/png, image/jpeg, image/svg+xml or image/webp, not ${icon.mimeType}`;
  const size = icon.sizes?.find((s) => !ICON_SIZE.test(s));
  if (size !== undefined) return `the registry wants sizes as WxH or any, not ${JSON.stringify(size)}`;
  return undefined;
}

/** The registry's reasons, in its order, or undefined for a good name. */
export function nameProblem(name: string): string | undefined {
  const slashes = name.split('/').length - 1;
  if (slashes !== 1) return `${name} must have exactly one / between namespace and name, it has ${slashes}`;
  if (name.length < 3 || name.length > 200) return `the registry allows 3 to 200 characters, ${name} has ${name.length}`;
  const [namespace, part] = name.split('/');
  if (!NAMESPACE.test(namespace))
    return `namespace ${JSON.stringify(namespace)} must be 2+ characters starting and ending with a letter or digit, with only dots and hyphens between`;
  if (!NAME_PART.test(part))
    return `name ${JSON.stringify(part)} must be 2+ characters starting and ending with a letter or digit, with only dots, underscores and hyphens between`;
  return undefined;
}

export function looksLikeRange(version: string): boolean {
  const v = version.trim();
  if (v === '') return false;
  if (RANGES.some((re) => re.test(v))) return true;
  return WILDCARD.test(v) && /[xX*]/.test(v);
}

function checkPublicUrl(url: string, httpOff: boolean): Finding[] {
  const path = ['transports', 'http', 'publicUrl'];
  const finding = (message: string, hint: string): Finding[] => [{ code: 'registry/public-url', path, message, hint }];
  if (httpOff) return finding('publicUrl is set but transports.http is off', 'remove it, or enable HTTP');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return finding(`${url} is not an absolute URL`, 'e.g. https://mcp.example.com/mcp');
  }
  if (parsed.protocol !== 'https:')
    return finding(`the public URL must use https, not ${parsed.protocol.slice(0, -1)}`, 'clients reach a published server over TLS');
  if (parsed.username || parsed.password)
    return finding('the public URL must not carry credentials', 'name secrets in auth credentials instead');
  if (isLoopbackHost(parsed.hostname) || parsed.hostname.endsWith('.localhost')) {
    return finding(`${parsed.hostname} is this machine: the registry refuses local URLs`, 'give the name clients reach the server at');
  }
  if (/[{}\s]/.test(url))
    return finding('the public URL must be one fixed URL, without {variables} or spaces', 'e.g. https://mcp.example.com/mcp');
  return [];
}

function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

function cleanRelative(path: string): boolean {
  return path !== '' && !path.startsWith('/') && !path.includes('\\') && path.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}
