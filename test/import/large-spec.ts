// A synthetic OpenAPI 3.0 document of `resources * 5` operations (list, create, get, replace, delete per resource),
// shaped like real APIs: shared components through $ref, readOnly ids, nullable fields, enums, a discriminated
// oneOf, path/query/header parameters and two security schemes. Used to measure import + generate at scale.
export function largeSpec(resources = 100): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {
    Status: { type: 'string', enum: ['active', 'archived', 'deleted'] },
    Audit: {
      type: 'object',
      properties: {
        createdAt: { type: 'string', format: 'date-time', readOnly: true },
        updatedAt: { type: 'string', format: 'date-time', readOnly: true, nullable: true },
      },
    },
    Link: {
      oneOf: [{ $ref: '#/components/schemas/UrlLink' }, { $ref: '#/components/schemas/FileLink' }],
      discriminator: { propertyName: 'kind', mapping: { url: 'UrlLink', file: 'FileLink' } },
    },
    UrlLink: {
      type: 'object',
      required: ['kind', 'href'],
      properties: { kind: { type: 'string' }, href: { type: 'string', format: 'uri' } },
    },
    FileLink: { type: 'object', required: ['kind', 'path'], properties: { kind: { type: 'string' }, path: { type: 'string' } } },
    Error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer', format: 'int32' }, message: { type: 'string' } },
    },
  };
  for (let i = 0; i < resources; i++) {
    const name = `Item${i}`;
    const ref = { $ref: `#/components/schemas/${name}` };
    schemas[name] = {
      allOf: [
        { $ref: '#/components/schemas/Audit' },
        {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'integer', format: 'int64', readOnly: true },
            name: { type: 'string', minLength: 1, maxLength: 200 },
            status: { $ref: '#/components/schemas/Status' },
            score: { type: 'number', format: 'double', minimum: 0, exclusiveMinimum: true },
            note: { type: 'string', nullable: true },
            secret: { type: 'string', writeOnly: true },
            links: { type: 'array', items: { $ref: '#/components/schemas/Link' } },
          },
        },
      ],
    };
    const json = (schema: unknown) => ({ 'application/json': { schema } });
    const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } };
    const error = { description: 'Error', content: json({ $ref: '#/components/schemas/Error' }) };
    paths[`/items${i}`] = {
      get: {
        operationId: `listItem${i}`,
        summary: `List item ${i} records`,
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 100, default: 20 } },
          { name: 'status', in: 'query', schema: { $ref: '#/components/schemas/Status' } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'OK', content: json({ type: 'array', items: ref }) }, default: error },
      },
      post: {
        operationId: `createItem${i}`,
        summary: `Create an item ${i} record`,
        requestBody: { required: true, content: json(ref) },
        responses: { '201': { description: 'Created', content: json(ref) }, default: error },
      },
    };
    paths[`/items${i}/{id}`] = {
      parameters: [idParam],
      get: {
        operationId: `getItem${i}`,
        summary: `Get an item ${i} record`,
        responses: { '200': { description: 'OK', content: json(ref) }, '404': error },
      },
      put: {
        operationId: `replaceItem${i}`,
        summary: `Replace an item ${i} record`,
        requestBody: { required: true, content: json(ref) },
        responses: { '200': { description: 'OK', content: json(ref) } },
      },
      delete: { operationId: `deleteItem${i}`, summary: `Delete an item ${i} record`, responses: { '204': { description: 'Deleted' } } },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Large API', version: '1.0.0' },
    servers: [{ url: 'https://large.example/api' }],
    security: [{ apiKey: [] }, { bearer: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}

// A document shaped like GitHub's published OpenAPI description for its issues operations: a few small request
// bodies and big, deeply nested, richly described response schemas (an issue embeds its repository, which embeds
// its owner, template repository, license and permissions; events embed whole issues). Used to measure slim imports.
export function githubIssuesSpec(): Record<string, unknown> {
  const str = (description: string, extra: Record<string, unknown> = {}) => ({ type: 'string', description, ...extra });
  const url = (what: string) =>
    str(`The API URL of ${what}. Clients follow it to fetch the resource rather than building URLs themselves.`, {
      format: 'uri',
      example: `https://api.github.com/${what.replace(/\W+/g, '/')}`,
    });
  const int = (description: string) => ({ type: 'integer', description, example: 42 });
  const bool = (description: string) => ({ type: 'boolean', description, example: false });
  const time = (description: string) =>
    str(`${description} Timestamp in ISO 8601 format: YYYY-MM-DDTHH:MM:SSZ.`, { format: 'date-time', example: '2011-04-22T13:33:48Z' });
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const nullable = (name: string) => ({ nullable: true, allOf: [ref(name)] });
  const obj = (description: string, properties: Record<string, unknown>, required = Object.keys(properties).slice(0, 4)) => ({
    type: 'object',
    description,
    properties,
    required,
  });
  const urls = (prefix: string, names: string[]) =>
    Object.fromEntries(names.map((n) => [`${n}_url`, url(`${prefix} ${n.replace(/_/g, ' ')}`)]));

  const user = obj('A GitHub user: the account that opened, commented on, or was assigned to something.', {
    login: str('The handle of the account.', { example: 'octocat' }),
    id: int('Unique identifier of the user.'),
    node_id: str('The GraphQL node id of the user.', { example: 'MDQ6VXNlcjE=' }),
    avatar_url: url('avatar image'),
    gravatar_id: str('Gravatar id, when the account uses one.', { nullable: true }),
    url: url('user'),
    html_url: str('Web page of the user.', { format: 'uri' }),
    ...urls('user', ['followers', 'following', 'gists', 'starred', 'subscriptions', 'organizations', 'repos', 'events', 'received_events']),
    type: str('Account type.', { enum: ['User', 'Organization', 'Bot'] }),
    site_admin: bool('Whether the user is a GitHub staff administrator.'),
    name: str('Display name.', { nullable: true }),
    email: str('Public email address.', { nullable: true }),
    starred_at: time('When the user starred the repository, in starring listings.'),
    user_view_type: str('How much of the profile the caller may see.'),
  });
  const label = obj('A label: a name and a color used to categorize issues and pull requests.', {
    id: int('Unique identifier of the label.'),
    node_id: str('GraphQL node id.'),
    url: url('label'),
    name: str('The name of the label.', { example: 'bug' }),
    description: str('A short description of the label.', { nullable: true }),
    color: str('6-character hex code, without the leading #, identifying the color.', { example: 'FFFFFF' }),
    default: bool('Whether this label comes by default in a new repository.'),
  });
  const milestone = obj('A collection of related issues and pull requests, with a due date.', {
    url: url('milestone'),
    html_url: str('Web page of the milestone.', { format: 'uri' }),
    labels_url: url('milestone labels'),
    id: int('Unique identifier of the milestone.'),
    node_id: str('GraphQL node id.'),
    number: int('The number of the milestone.'),
    state: str('The state of the milestone.', { enum: ['open', 'closed'], default: 'open' }),
    title: str('The title of the milestone.'),
    description: str('A description of the milestone.', { nullable: true }),
    creator: nullable('SimpleUser'),
    open_issues: int('Open issues in the milestone.'),
    closed_issues: int('Closed issues in the milestone.'),
    created_at: time('Creation time.'),
    updated_at: time('Last update.'),
    closed_at: time('When it was closed.'),
    due_on: time('Due date.'),
  });
  const permissions = obj(
    'What the caller may do in the repository.',
    Object.fromEntries(['admin', 'maintain', 'push', 'triage', 'pull'].map((p) => [p, bool(`Whether the caller has ${p} access.`)])),
  );
  const license = obj('License of the repository, as detected by GitHub.', {
    key: str('SPDX-like key.', { example: 'mit' }),
    name: str('Full name.'),
    url: { ...url('license'), nullable: true },
    spdx_id: str('SPDX identifier.', { nullable: true }),
    node_id: str('GraphQL node id.'),
    html_url: str('Web page.', { format: 'uri' }),
  });
  const repoFields = (nested: boolean) => ({
    id: int('Unique identifier of the repository.'),
    node_id: str('GraphQL node id.'),
    name: str('The name of the repository.', { example: 'Team Environment' }),
    full_name: str('owner/name.', { example: 'octocat/Hello-World' }),
    license: nullable('License'),
    forks: int('Number of forks.'),
    permissions,
    owner: ref('SimpleUser'),
    private: bool('Whether the repository is private or public.'),
    html_url: str('Web page.', { format: 'uri' }),
    description: str('Description of the repository.', { nullable: true }),
    fork: bool('Whether it is a fork.'),
    url: url('repository'),
    ...urls('repository', [
      'archive',
      'assignees',
      'blobs',
      'branches',
      'collaborators',
      'comments',
      'commits',
      'compare',
      'contents',
      'contributors',
      'deployments',
      'downloads',
      'events',
      'forks',
      'git_commits',
      'git_refs',
      'git_tags',
      'hooks',
      'issue_comment',
      'issue_events',
      'issues',
      'keys',
      'labels',
      'languages',
      'merges',
      'milestones',
      'notifications',
      'pulls',
      'releases',
      'stargazers',
      'statuses',
      'subscribers',
      'subscription',
      'tags',
      'teams',
      'trees',
    ]),
    clone_url: str('HTTPS clone URL.'),
    ssh_url: str('SSH clone URL.'),
    homepage: str('Home page.', { nullable: true }),
    language: str('Main language.', { nullable: true }),
    forks_count: int('Forks.'),
    stargazers_count: int('Stars.'),
    watchers_count: int('Watchers.'),
    size: int('Size in kilobytes: the size of the repository on disk, as last computed.'),
    default_branch: str('The default branch of the repository.', { example: 'main' }),
    open_issues_count: int('Open issues.'),
    topics: { type: 'array', items: { type: 'string' }, description: 'Topics of the repository.' },
    has_issues: bool('Whether issues are enabled.'),
    has_projects: bool('Whether projects are enabled.'),
    has_wiki: bool('Whether the wiki is enabled.'),
    has_pages: bool('Whether Pages are enabled.'),
    archived: bool('Whether the repository is archived.'),
    disabled: bool('Returns whether or not this repository disabled.'),
    visibility: str('The repository visibility: public, private, or internal.'),
    pushed_at: time('Last push.'),
    created_at: time('Creation.'),
    updated_at: time('Last update.'),
    allow_rebase_merge: bool('Whether to allow rebase merges for pull requests.'),
    allow_squash_merge: bool('Whether to allow squash merges for pull requests.'),
    allow_merge_commit: bool('Whether to allow merge commits for pull requests.'),
    ...(nested
      ? {}
      : {
          template_repository: { nullable: true, ...obj('The repository this one was generated from.', repoFields(true)) },
          organization: nullable('SimpleUser'),
        }),
  });
  const repository = obj('A repository on GitHub.', repoFields(false));
  const reactions = obj(
    'Reaction counts.',
    Object.fromEntries(
      ['url', 'total_count', '+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'eyes', 'rocket'].map((k) => [
        k,
        k === 'url' ? url('reactions') : int(`Count of ${k} reactions.`),
      ]),
    ),
  );
  const app = obj('GitHub apps are a new way to extend GitHub.', {
    id: int('Unique identifier of the app.'),
    slug: str('The slug name of the app.'),
    node_id: str('GraphQL node id.'),
    owner: nullable('SimpleUser'),
    name: str('The name of the app.'),
    description: str('Description.', { nullable: true }),
    external_url: str('External URL.', { format: 'uri' }),
    html_url: str('Web page.', { format: 'uri' }),
    created_at: time('Creation.'),
    updated_at: time('Last update.'),
    permissions: { type: 'object', description: 'The set of permissions for the app.', additionalProperties: { type: 'string' } },
    events: { type: 'array', description: 'The list of events for the app.', items: { type: 'string' } },
  });
  const issue = obj('Issues are a great way to keep track of tasks, enhancements, and bugs for your projects.', {
    id: int('Unique identifier of the issue.'),
    node_id: str('GraphQL node id.'),
    url: url('issue'),
    repository_url: url('repository'),
    ...urls('issue', ['labels', 'comments', 'events', 'timeline']),
    html_url: str('Web page.', { format: 'uri' }),
    number: int('Number uniquely identifying the issue within its repository.'),
    state: str("State of the issue; either 'open' or 'closed'.", { example: 'open' }),
    state_reason: str('The reason for the current state.', { nullable: true, enum: ['completed', 'reopened', 'not_planned'] }),
    title: str('Title of the issue.'),
    body: str('Contents of the issue.', { nullable: true }),
    user: nullable('SimpleUser'),
    labels: {
      type: 'array',
      description: 'Labels to associate with this issue; pass one or more label names to replace the set of labels on this issue.',
      items: { oneOf: [{ type: 'string' }, ref('Label')] },
    },
    assignee: nullable('SimpleUser'),
    assignees: { type: 'array', items: ref('SimpleUser'), nullable: true },
    milestone: nullable('Milestone'),
    locked: bool('Whether the conversation is locked.'),
    active_lock_reason: str('Why it was locked.', { nullable: true }),
    comments: int('Number of comments.'),
    pull_request: obj(
      'Present when the issue is a pull request.',
      {
        merged_at: time('Merge time.'),
        diff_url: { ...url('diff'), nullable: true },
        html_url: str('Web page.', { format: 'uri', nullable: true }),
        patch_url: str('Patch.', { nullable: true }),
        url: str('API URL.', { nullable: true }),
      },
      ['diff_url'],
    ),
    closed_at: time('Close time.'),
    created_at: time('Creation.'),
    updated_at: time('Last update.'),
    draft: bool('Whether the pull request is a draft.'),
    closed_by: nullable('SimpleUser'),
    body_html: str('Body rendered as HTML.'),
    body_text: str('Body as plain text.'),
    repository: ref('Repository'),
    performed_via_github_app: nullable('Integration'),
    author_association: str('How the author is associated with the repository.', {
      enum: ['COLLABORATOR', 'CONTRIBUTOR', 'FIRST_TIMER', 'FIRST_TIME_CONTRIBUTOR', 'MANNEQUIN', 'MEMBER', 'NONE', 'OWNER'],
    }),
    reactions: ref('ReactionRollup'),
  });
  const comment = obj('Comments provide a way for people to collaborate on an issue.', {
    id: int('Unique identifier of the comment.'),
    node_id: str('GraphQL node id.'),
    url: url('comment'),
    body: str('Contents of the comment.'),
    html_url: str('Web page.', { format: 'uri' }),
    user: nullable('SimpleUser'),
    created_at: time('Creation.'),
    updated_at: time('Last update.'),
    issue_url: url('issue'),
    author_association: str('Association.'),
    performed_via_github_app: nullable('Integration'),
    reactions: ref('ReactionRollup'),
  });
  const event = obj('Issue event: something that happened to an issue.', {
    id: int('Unique identifier.'),
    node_id: str('GraphQL node id.'),
    url: url('event'),
    actor: nullable('SimpleUser'),
    event: str('The kind of event.', { example: 'closed' }),
    commit_id: str('Commit, when one caused it.', { nullable: true }),
    commit_url: str('Commit URL.', { nullable: true }),
    created_at: time('When it happened.'),
    issue: nullable('Issue'),
    label: ref('Label'),
    assignee: nullable('SimpleUser'),
    assigner: nullable('SimpleUser'),
    milestone: obj('Milestone it concerns.', { title: str('Title.') }, ['title']),
    performed_via_github_app: nullable('Integration'),
  });

  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const ok = (schema: unknown, status = '200') => ({ [status]: { description: 'Response', content: json(schema) } });
  const arrayOf = (name: string) => ({ type: 'array', items: ref(name) });
  const p = (
    name: string,
    where: string,
    description: string,
    schema: Record<string, unknown> = { type: 'string' },
    required = where === 'path',
  ) => ({ name, in: where, description, required, schema });
  const owner = p('owner', 'path', 'The account owner of the repository. The name is not case sensitive.');
  const repo = p('repo', 'path', 'The name of the repository without the .git extension. The name is not case sensitive.');
  const number = p('issue_number', 'path', 'The number that identifies the issue.', { type: 'integer' });
  const page = [
    p('per_page', 'query', 'The number of results per page (max 100).', { type: 'integer', default: 30 }),
    p('page', 'query', 'The page number of the results to fetch.', { type: 'integer', default: 1 }),
  ];
  const issueBody = {
    required: true,
    content: json({
      type: 'object',
      required: ['title'],
      properties: {
        title: { oneOf: [{ type: 'string' }, { type: 'integer' }], description: 'The title of the issue.' },
        body: { type: 'string', description: 'The contents of the issue.' },
        assignees: { type: 'array', items: { type: 'string' }, description: 'Logins for Users to assign to this issue.' },
        milestone: { oneOf: [{ type: 'string' }, { type: 'integer' }], nullable: true },
        labels: {
          type: 'array',
          items: {
            oneOf: [
              { type: 'string' },
              {
                type: 'object',
                properties: {
                  id: { type: 'integer' },
                  name: { type: 'string' },
                  description: { type: 'string', nullable: true },
                  color: { type: 'string', nullable: true },
                },
              },
            ],
          },
        },
      },
    }),
  };
  const op = (
    operationId: string,
    summary: string,
    parameters: unknown[],
    responses: Record<string, unknown>,
    extra: Record<string, unknown> = {},
  ) => ({
    operationId,
    summary,
    description: `${summary}. Works with the REST API as documented at https://docs.github.com/rest/issues.`,
    tags: ['issues'],
    parameters,
    responses,
    ...extra,
  });
  const paths = {
    '/issues': {
      get: op(
        'issues/list',
        'List issues assigned to the authenticated user across all visible repositories',
        [
          p('filter', 'query', 'Which sort of issue to return.', {
            type: 'string',
            enum: ['assigned', 'created', 'mentioned', 'subscribed', 'repos', 'all'],
          }),
          ...page,
        ],
        ok(arrayOf('Issue')),
      ),
    },
    '/repos/{owner}/{repo}/issues': {
      get: op(
        'issues/list-for-repo',
        'List repository issues',
        [
          owner,
          repo,
          p('state', 'query', 'Indicates the state of the issues to return.', {
            type: 'string',
            enum: ['open', 'closed', 'all'],
            default: 'open',
          }),
          ...page,
        ],
        ok(arrayOf('Issue')),
      ),
      post: op('issues/create', 'Create an issue', [owner, repo], ok(ref('Issue'), '201'), { requestBody: issueBody }),
    },
    '/repos/{owner}/{repo}/issues/{issue_number}': {
      get: op('issues/get', 'Get an issue', [owner, repo, number], ok(ref('Issue'))),
      patch: op('issues/update', 'Update an issue', [owner, repo, number], ok(ref('Issue')), { requestBody: issueBody }),
    },
    '/repos/{owner}/{repo}/issues/{issue_number}/comments': {
      get: op('issues/list-comments', 'List issue comments', [owner, repo, number, ...page], ok(arrayOf('IssueComment'))),
      post: op('issues/create-comment', 'Create an issue comment', [owner, repo, number], ok(ref('IssueComment'), '201'), {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['body'],
            properties: { body: { type: 'string', description: 'The contents of the comment.' } },
          }),
        },
      }),
    },
    '/repos/{owner}/{repo}/issues/comments/{comment_id}': {
      get: op(
        'issues/get-comment',
        'Get an issue comment',
        [owner, repo, p('comment_id', 'path', 'The unique identifier of the comment.', { type: 'integer' })],
        ok(ref('IssueComment')),
      ),
      delete: op(
        'issues/delete-comment',
        'Delete an issue comment',
        [owner, repo, p('comment_id', 'path', 'The unique identifier of the comment.', { type: 'integer' })],
        { '204': { description: 'Response' } },
      ),
    },
    '/repos/{owner}/{repo}/issues/{issue_number}/events': {
      get: op('issues/list-events', 'List issue events', [owner, repo, number, ...page], ok(arrayOf('IssueEvent'))),
    },
    '/repos/{owner}/{repo}/issues/events/{event_id}': {
      get: op(
        'issues/get-event',
        'Get an issue event',
        [owner, repo, p('event_id', 'path', 'The unique identifier of the event.', { type: 'integer' })],
        ok(ref('IssueEvent')),
      ),
    },
    '/repos/{owner}/{repo}/issues/{issue_number}/labels': {
      get: op('issues/list-labels-on-issue', 'List labels for an issue', [owner, repo, number, ...page], ok(arrayOf('Label'))),
      post: op('issues/add-labels', 'Add labels to an issue', [owner, repo, number], ok(arrayOf('Label')), {
        requestBody: {
          content: json({
            type: 'object',
            properties: {
              labels: {
                type: 'array',
                minItems: 1,
                items: { type: 'string' },
                description: 'The names of the labels to add to the issue.',
              },
            },
          }),
        },
      }),
    },
    '/repos/{owner}/{repo}/issues/{issue_number}/assignees': {
      post: op('issues/add-assignees', 'Add assignees to an issue', [owner, repo, number], ok(ref('Issue'), '201'), {
        requestBody: {
          content: json({
            type: 'object',
            properties: {
              assignees: { type: 'array', items: { type: 'string' }, description: 'Usernames of people to assign this issue to.' },
            },
          }),
        },
      }),
    },
    '/repos/{owner}/{repo}/milestones': {
      get: op('issues/list-milestones', 'List milestones', [owner, repo, ...page], ok(arrayOf('Milestone'))),
    },
    '/repos/{owner}/{repo}/assignees': {
      get: op('issues/list-assignees', 'List assignees', [owner, repo, ...page], ok(arrayOf('SimpleUser'))),
    },
  };
  return {
    openapi: '3.0.3',
    info: { title: 'GitHub issues', version: '1.1.4', description: "GitHub's v3 REST API, the issues operations." },
    servers: [{ url: 'https://api.github.com' }],
    security: [{ bearer: [] }],
    tags: [{ name: 'issues' }],
    paths,
    components: {
      schemas: {
        SimpleUser: user,
        Label: label,
        Milestone: milestone,
        License: license,
        Repository: repository,
        ReactionRollup: reactions,
        Integration: app,
        Issue: issue,
        IssueComment: comment,
        IssueEvent: event,
      },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
}
