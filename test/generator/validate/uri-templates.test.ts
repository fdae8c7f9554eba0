import { describe, expect, it } from 'vitest';
import { formatIssuesText } from '../../../generator/core/index.js';
import { loadManifest } from '../../../generator/load/index.js';
import { validateManifest } from '../../../generator/validate/index.js';

// The template sits at column 18 of line 5: `    uriTemplate: '<template>'` (the quote is column 18).
const source = (template: string) =>
  `version: 1\nserver: {name: s, version: 1.0.0}\nresourceTemplates:\n  t:\n    uriTemplate: '${template}'\n`;
const issues = (template: string) =>
  validateManifest(loadManifest('mcp.yaml', source(template))).map(
    (i) => `${i.line}:${i.column} ${i.severity} ${i.code} ${i.path}: ${i.message}${i.hint ? ` (${i.hint})` : ''}`,
  );
const at = (column: number, message: string, hint: string) =>
  `5:${column} error uri/unmatchable-template resourceTemplates.t.uriTemplate: uriTemplate ${message} (${hint})`;

describe('resource templates: the forms a generated server matches', () => {
  const accepted = [
    'repo://{owner}/{name}',
    'docs://raw/{+path}',
    'docs://raw/{+path}.md{?rev}{#line}',
    'docs://tree{/path*}',
    'docs://tree{/path*}/raw',
    'docs://tree{/section}{/page}',
    'search://items{?q,limit}',
    'search://items{?q,tags*}{#hit}',
    'search://tags?sort=asc{&tag*}',
    'page://guide{#section}',
    'img://gallery/{name}{.ext}',
    'img://gallery/{name}{.ext*}',
    'cal://day/{year}-{month}-{day}',
    'label://{names*}',
    'x://{+path}{#frag}',
  ];
  it.each(accepted)('accepts %s', (template) => {
    expect(issues(template)).toEqual([]);
  });

  const refused: { given: string; want: string[] }[] = [
    {
      given: 'repo://{owner}/{name:3}',
      want: [
        at(
          39,
          '{name:3}: a URI holds only the first 3 characters of name, so the server cannot read it back',
          'drop the prefix modifier: {name}',
        ),
      ],
    },
    {
      given: 'x://items{;id}',
      want: [
        at(
          29,
          "{;id} (path-style parameters, ';') cannot be matched by the server",
          'write it as a query, {?id}, or as path segments, {/id}',
        ),
      ],
    },
    {
      given: 'x://{x,y}',
      want: [
        at(
          26,
          '{x,y}: the server cannot tell where one variable of a list ends and the next begins',
          'one variable per expression with text between them, e.g. {x}/{y}, or a query, {?x,y}',
        ),
      ],
    },
    {
      given: 'x://f{/a,b}',
      want: [
        at(
          28,
          '{/a,b}: the server cannot tell where one variable of a list ends and the next begins',
          'one variable per expression: {/a}{/b} gives the same URIs',
        ),
      ],
    },
    {
      given: 'x://{a}/{a}',
      want: [at(28, 'uses variable a twice; the server reads each variable from one place', 'use each variable once')],
    },
    { given: 'x://s{?q}{&r}', want: [at(28, '{&r} is a second query expression', 'merge them into one: {?q,r}')] },
    { given: 'x://s?a=1{?q}', want: [at(28, "{?q} starts a second query after the literal '?'", 'use {&q}')] },
    { given: 'x://s{&q}', want: [at(24, "{&q} continues a query, and the template has no '?' before it", 'use {?q}')] },
    {
      given: 'x://s{?q}/more',
      want: [at(28, 'has text after {?q}, which runs to the end of the URI (or to a {#fragment})', 'move {?q} to the end')],
    },
    { given: 'x://d{#f}{?q}', want: [at(28, '{?q} follows {#f}: a fragment runs to the end of the URI', 'move {#f} to the end')] },
    { given: 'x://d{#f}.html', want: [at(28, 'has text after {#f}, which runs to the end of the URI', 'move {#f} to the end')] },
    {
      given: 'x://{+a}/{b}',
      want: [
        at(
          28,
          "{b} follows {+a}, whose value may hold '/': the server could not tell where {+a} ends",
          'put {+a} last (only text, a {?query} and a {#fragment} may follow it)',
        ),
      ],
    },
    {
      given: 'x://f{/p*}{.ext}',
      want: [
        at(
          29,
          "{.ext} follows {/p*}, whose value may hold '/': the server could not tell where {/p*} ends",
          'put {/p*} last (only text, a {?query} and a {#fragment} may follow it)',
        ),
      ],
    },
    {
      given: 'x://{a}{b}',
      want: [
        at(
          26,
          '{b} directly follows {a}: nothing marks where one value ends and the next begins',
          'put a separator between them, e.g. {a}/{b}',
        ),
      ],
    },
    {
      given: 'x://{a:2}/{b,c}',
      want: [
        at(25, '{a:2}: a URI holds only the first 2 characters of a, so the server cannot read it back', 'drop the prefix modifier: {a}'),
        at(
          32,
          '{b,c}: the server cannot tell where one variable of a list ends and the next begins',
          'one variable per expression with text between them, e.g. {b}/{c}, or a query, {?b,c}',
        ),
      ],
    },
  ];
  it.each(refused)('refuses $given', ({ given, want }) => {
    expect(issues(given)).toEqual(want);
  });

  it('prints the error at the expression, as the CLI shows it', () => {
    const text = source('repo://{owner}/{name:3}');
    const printed = formatIssuesText(validateManifest(loadManifest('mcp.yaml', text)), 'mcp.yaml', text);
    expect(printed).toContain(
      [
        'mcp.yaml:5:39: error resourceTemplates.t.uriTemplate: uriTemplate {name:3}: a URI holds only the first 3 characters of name, so the server cannot read it back',
        "  5 |     uriTemplate: 'repo://{owner}/{name:3}'",
        '    |                                       ^',
        '  hint: drop the prefix modifier: {name}',
      ].join('\n'),
    );
  });
});
