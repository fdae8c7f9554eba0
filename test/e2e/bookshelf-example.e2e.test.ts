// The bookshelf example: resources and templates served by handlers, prompts built by a handler and by the
// manifest, over stdio and Streamable HTTP in both protocol eras.
import type { Client } from '@modelcontextprotocol/client';
import { beforeAll, expect } from 'vitest';
import { prepareExample, type Era } from '../support/project.js';
import { describeServedEverywhere } from '../support/served-everywhere.js';

let dir: string;
beforeAll(() => {
  dir = prepareExample('bookshelf');
});

async function exercise(client: Client): Promise<void> {
  const search = await client.callTool({ name: 'search_books', arguments: { query: 'asimov', limit: 1 } });
  expect(search.structuredContent).toEqual({
    total: 2,
    books: [{ isbn: '9780553293357', title: 'Foundation', author: 'Isaac Asimov', year: 1951, tags: ['science fiction'] }],
  });
  const tagged = await client.callTool({ name: 'search_books', arguments: { query: 'a', tag: 'romance' } });
  expect((tagged.structuredContent as { total: number }).total).toBe(2);
  const extra = await client.callTool({ name: 'search_books', arguments: { query: 'x', page: 2 } });
  expect(extra.isError).toBe(true);

  const { resources } = await client.listResources();
  expect(resources.map((r) => [r.name, r.uri])).toEqual([
    ['catalogue', 'book://catalogue'],
    ['shelf_rules', 'book://rules'],
  ]);
  const catalogue = await client.readResource({ uri: 'book://catalogue' });
  expect(String(catalogue.contents[0].text).split('\n')).toHaveLength(5);
  const rules = await client.readResource({ uri: 'book://rules' });
  expect(rules.contents[0]).toEqual({
    uri: 'book://rules',
    mimeType: 'text/markdown',
    text: '# Shelf rules\nReturn books within three weeks.\n',
  });

  const { resourceTemplates } = await client.listResourceTemplates();
  expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['book://{isbn}', 'book://authors/{author}/books{?year}']);
  const dune = await client.readResource({ uri: 'book://9780441172719' });
  expect(JSON.parse(String(dune.contents[0].text)).title).toBe('Dune');
  const austen1811 = await client.readResource({ uri: 'book://authors/Jane%20Austen/books?year=1811' });
  expect(JSON.parse(String(austen1811.contents[0].text)).map((b: { title: string }) => b.title)).toEqual(['Sense and Sensibility']);
  await expect(client.readResource({ uri: 'book://0000000000000' })).rejects.toThrow();

  const plan = await client.getPrompt({ name: 'reading_plan', arguments: { author: 'Jane Austen', weeks: '2' } });
  expect(plan.description).toBe('Reading plan for Jane Austen');
  expect(plan.messages[0].content).toEqual({
    type: 'text',
    text: 'Make a 2-week plan to read these 2 books by Jane Austen, in publication order.',
  });
  expect(plan.messages.slice(1).map((m) => (m.content as { resource: { uri: string } }).resource.uri)).toEqual([
    'book://9780141439662',
    'book://9780141439518',
  ]);
  await expect(client.getPrompt({ name: 'reading_plan', arguments: {} })).rejects.toThrow();

  const summary = await client.getPrompt({ name: 'summarize', arguments: { title: 'Dune', tone: 'playful' } });
  expect(summary.messages).toEqual([
    { role: 'user', content: { type: 'text', text: 'Summarize "Dune" in a playful tone, in five sentences.' } },
    { role: 'assistant', content: { type: 'text', text: 'Here is a five-sentence summary.' } },
  ]);
}

describeServedEverywhere('bookshelf', () => dir, exercise);
