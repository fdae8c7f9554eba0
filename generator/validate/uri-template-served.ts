// Which RFC 6570 forms a generated server can match back into handler variables (its matcher is
// templates/runtime/uri-template.ts). A valid template outside them would be listed but no URI would ever reach the
// handler with the variables its types promise, so validate refuses it and names a form that works.
import type { UriTemplateExpression } from '../core/index.js';
import { uriTemplateExpressions } from '../core/index.js';

export interface TemplateProblem {
  offset: number;
  message: string;
  hint: string;
}

/** Expressions that may hold '/' and so could end anywhere: after one, only literal text, a query and a fragment. */
const openEnded = (e: UriTemplateExpression) => e.operator === '+' || (e.operator === '/' && e.varspecs[0]?.explode === true);
const isQuery = (e: UriTemplateExpression) => e.operator === '?' || e.operator === '&';
const spec = (operator: string, names: string[]) => `{${operator}${names.join(',')}}`;

/** Problems of a template that parses as RFC 6570, at most one per expression, in template order. */
export function unservedTemplateForms(template: string): TemplateProblem[] {
  const expressions = uriTemplateExpressions(template);
  const problems: TemplateProblem[] = [];
  const seen = new Set<string>();
  let query: UriTemplateExpression | undefined;
  let open: UriTemplateExpression | undefined;
  let last: UriTemplateExpression | undefined;
  expressions.forEach((e, k) => {
    const text = template.slice(e.offset, e.end);
    const names = e.varspecs.map((v) => v.name);
    const before = template.slice(k === 0 ? 0 : expressions[k - 1].end, e.offset);
    const problem = check();
    if (problem) problems.push(problem);
    for (const name of names) seen.add(name);
    if (isQuery(e)) query ??= e;
    if (openEnded(e)) open ??= e;
    if (e.operator === '#') last ??= e;

    function check(): TemplateProblem | undefined {
      if (e.operator === ';') {
        return {
          offset: e.offset + 1,
          message: `${text} (path-style parameters, ';') cannot be matched by the server`,
          hint: `write it as a query, ${spec('?', names)}, or as path segments, ${names.map((n) => spec('/', [n])).join('')}`,
        };
      }
      const prefixed = e.varspecs.find((v) => v.prefix !== undefined);
      if (prefixed) {
        return {
          offset: prefixed.offset + prefixed.name.length,
          message: `${text}: a URI holds only the first ${prefixed.prefix} characters of ${prefixed.name}, so the server cannot read it back`,
          hint: `drop the prefix modifier: ${spec(e.operator, [prefixed.name])}`,
        };
      }
      const twice = e.varspecs.find((v, i) => seen.has(v.name) || names.indexOf(v.name) !== i);
      if (twice) {
        return {
          offset: twice.offset,
          message: `uses variable ${twice.name} twice; the server reads each variable from one place`,
          hint: 'use each variable once',
        };
      }
      if (!isQuery(e) && e.varspecs.length > 1) {
        const split = e.operator === '/' || e.operator === '.';
        return {
          offset: e.varspecs[1].offset,
          message: `${text}: the server cannot tell where one variable of a list ends and the next begins`,
          hint: split
            ? `one variable per expression: ${names.map((n) => spec(e.operator, [n])).join('')} gives the same URIs`
            : `one variable per expression with text between them, e.g. ${names.map((n) => spec(e.operator, [n])).join('/')}, or a query, ${spec('?', names)}`,
        };
      }
      if (last) {
        return {
          offset: e.offset,
          message: `${text} follows ${template.slice(last.offset, last.end)}: a fragment runs to the end of the URI`,
          hint: `move ${template.slice(last.offset, last.end)} to the end`,
        };
      }
      if (query && !(e.operator === '#' && before === '')) {
        const q = template.slice(query.offset, query.end);
        return isQuery(e)
          ? {
              offset: e.offset,
              message: `${text} is a second query expression`,
              hint: `merge them into one: ${spec(query.operator, [...query.varspecs.map((v) => v.name), ...names])}`,
            }
          : {
              offset: e.offset,
              message: `${text} follows the query ${q}, which runs to the end of the URI (or to a {#fragment})`,
              hint: `move ${q} to the end`,
            };
      }
      const literalQuery = template.slice(0, e.offset).includes('?');
      if (e.operator === '?' && literalQuery) {
        return { offset: e.offset, message: `${text} starts a second query after the literal '?'`, hint: `use ${spec('&', names)}` };
      }
      if (e.operator === '&' && !literalQuery) {
        return {
          offset: e.offset,
          message: `${text} continues a query, and the template has no '?' before it`,
          hint: `use ${spec('?', names)}`,
        };
      }
      if (open && !isQuery(e) && e.operator !== '#') {
        const o = template.slice(open.offset, open.end);
        return {
          offset: e.offset,
          message: `${text} follows ${o}, whose value may hold '/': the server could not tell where ${o} ends`,
          hint: `put ${o} last (only text, a {?query} and a {#fragment} may follow it)`,
        };
      }
      if (before === '' && k > 0 && (e.operator === '' || e.operator === '+')) {
        const prev = template.slice(expressions[k - 1].offset, expressions[k - 1].end);
        return {
          offset: e.offset,
          message: `${text} directly follows ${prev}: nothing marks where one value ends and the next begins`,
          hint: `put a separator between them, e.g. ${prev}/${text}`,
        };
      }
      return undefined;
    }
  });
  const end = expressions.at(-1)?.end ?? 0;
  const ender = last ?? query;
  if (ender && end < template.length) {
    const e = template.slice(ender.offset, ender.end);
    problems.push({
      offset: end,
      message: `has text after ${e}, which runs to the end of the URI${ender === query ? ' (or to a {#fragment})' : ''}`,
      hint: `move ${e} to the end`,
    });
  }
  return problems;
}
