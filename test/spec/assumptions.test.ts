// What a finding rests on: the x-assumed node's pointer where $refs lead, never
// a neighbour's; and the one rule from assumption to severity.
import { readFile } from 'node:fs/promises';
import t from 'tap';
import { assumptionAt, schemaAssumption } from '../../spec/assumptions.js';
import { HTTP_RULES, resting } from '../../spec/finding.js';
import { spec } from '../helpers/mock.js';

t.test('assumptionAt: the node or where its $ref leads, never an ancestor', async (t) => {
  const { raw } = await spec();
  const rows: Array<[string, string | undefined]> = [
    ['/paths/~1client~1list/post/responses/400', '/components/responses/BadRequest'],
    ['/paths/~1countries~1index/post/responses/400', '/components/responses/StatusBadRequest'],
    ['/paths/~1client~1list/post/responses/401', undefined],
    ['/paths/~1plans~1index/get/responses/401', undefined],
    ['/paths/~1user~1logout/post', '/paths/~1user~1logout/post'],
    ['/paths/~1user~1logout/post/responses/401', undefined],
    ['/paths/~1client~1list/post/requestBody', '/paths/~1client~1list/post/requestBody'],
    ['/paths/~1no~1such/post', undefined],
  ];
  for (const [pointer, want] of rows) t.equal(assumptionAt(raw, pointer), want, pointer);
});

t.test('the operation table carries each part’s assumption', async (t) => {
  const s = await spec();
  const op = (id: string) => s.byId.get(id)!;
  t.equal(op('listPlans').responses['401']!.assumption, undefined, 'section 5 rule 3 gives the 401: a fact');
  t.equal(op('getProfile').assumption, '/paths/~1user~1get_profile/post');
  t.equal(op('getProfile').responses['401']!.assumption, undefined, 'not the operation’s neighbour');
  t.equal(op('getRoomsByClientId').responses['200']!.assumption, undefined, 'the 200 is the document’s sample');
  t.equal(op('listClients').responses['422']!.assumption, '/components/responses/ValidationFailedPage');
  t.equal(op('listClients').requestBody!.assumption, '/paths/~1client~1list/post/requestBody');
  t.equal(op('listClients').assumption, undefined);
});

t.test('schemaAssumption: the deepest x-assumed schema node on the path, under the response', async (t) => {
  const s = await spec();
  const page = s.byId.get('listClients')!.responses['200']!.schemaPointer!;
  const rows: Array<[string, string, string | undefined]> = [
    [page, '#/properties/data/properties/from/type', '/components/schemas/ClientPage/properties/from'],
    [page, '#/properties/data/properties/total/type', undefined],
    [page, '#/required', undefined],
    [
      s.byId.get('listPlans')!.responses['401']!.schemaPointer!,
      '#/oneOf/0/allOf/1/properties/message/const',
      '/paths/~1plans~1index/get/responses/401/content/application~1json/schema/oneOf/0',
    ],
    [s.byId.get('listPlans')!.responses['401']!.schemaPointer!, '#/oneOf', undefined],
    [s.byId.get('getCurrentPlan')!.responses['200']!.schemaPointer!, '#/properties/data', undefined],
  ];
  for (const [at, path, want] of rows) t.equal(schemaAssumption(s.raw, at, path), want, `${at} ${path}`);
});

t.test(
  'resting: an observation exactly when there is an assumption; a re-judged finding keeps none of before',
  async (t) => {
    t.same(resting({ message: 'm' }, undefined), { message: 'm', severity: 'error' });
    t.same(resting({ message: 'm' }, 'http:405'), { message: 'm', severity: 'observation', assumption: 'http:405' });
    const before = resting({ message: 'm' }, '/x-subscription');
    t.same(resting(before, undefined), { message: 'm', severity: 'error' });
  },
);

t.test('every rule outside the spec is listed in docs/contracts.md', async (t) => {
  const doc = await readFile(new URL('../../docs/contracts.md', import.meta.url), 'utf8');
  for (const id of Object.keys(HTTP_RULES)) t.match(doc, `| \`${id}\` |`, id);
});
