// The mock reads its list choices from the spec (docs/mock.md, "Choices the
// spec makes for the mock"): each row applies to spec/openapi.yaml the patch
// the contract suite proposes for one node, and shows the mock's answer before
// and after; a malformed node fails loading with an error that names it.
import { readFile } from 'node:fs/promises';
import t from 'tap';
import { parse as parseYaml } from 'yaml';
import { applyPatchToYaml } from '../../contracts/measures/patch.js';
import { buildMock } from '../../mock/build.js';
import type { PatchOperation } from '../../spec/finding.js';
import { writtenSpecText } from '../../spec/learnt.js';
import { buildSpec, type LoadedSpec, type RawNode, SPEC_PATH } from '../../spec/load.js';
import { type Client, list, type Page } from '../helpers/clients.js';
import { bearer, spec, type TestMock, testMock } from '../helpers/mock.js';

const LIST = ['paths', '/client/list', 'post'];
const COMPANY = ['paths', '/client/user_client', 'post'];
const ROOMS = ['paths', '/room/get-by-client-id', 'post'];
const at = (raw: RawNode, path: string[]): RawNode => path.reduce((n, k) => n[k], raw);

/** The spec with one change made to its document as written. */
async function specWith(change: (raw: RawNode) => void): Promise<LoadedSpec> {
  const raw = structuredClone((await spec()).raw);
  change(raw);
  return buildSpec(raw);
}

/** The spec with a JSON Patch applied to its YAML, as `spec:apply` applies the ledger's. */
async function patched(patch: PatchOperation[]): Promise<LoadedSpec> {
  // Made against the spec as written, whatever the project's spec learnt since.
  const written = writtenSpecText(await readFile(SPEC_PATH, 'utf8'));
  return buildSpec(parseYaml(applyPatchToYaml(written, patch)) as RawNode);
}

const replace = (path: string, was: unknown, value: unknown): PatchOperation[] => [
  { op: 'test', path, value: was },
  { op: 'replace', path, value },
];
const LIST_AT = '/paths/~1client~1list/post/x-list';

/** A client with a surname, an e-mail and an id, from the first page. */
const firstClient = async (mock: TestMock, token: string): Promise<Client> =>
  (await list(mock, token, { page: 1, limit: 100 })).data.find((c) => c.email && c.surname.length >= 3)!;

const found = async (mock: TestMock, token: string, keyword: string, id: number) =>
  (await list(mock, token, { keyword, limit: 100 })).data.some((c) => c.id === id);

interface Row {
  name: string;
  /** The change, as the contract suite proposes it (contracts/checks/list-probes.ts). */
  patch: PatchOperation[];
  /** What the mock answers, reduced to what the node decides. */
  observe: (mock: TestMock, token: string) => Promise<unknown>;
  before: unknown;
  after: unknown;
}

const ROWS: Row[] = [
  {
    name: 'page-size follows null: limit 5 gives per_page 20 (the default)',
    patch: replace(`${LIST_AT}/page-size/follows`, 'limit', null),
    observe: async (mock, token) => {
      const p = await list(mock, token, { page: 1, limit: 5 });
      return [p.per_page, p.data.length];
    },
    before: [5, 5],
    after: [20, 20],
  },
  {
    name: 'page-size default 7 on client/user_client: a request without limit gets 7 to a page',
    patch: replace('/paths/~1client~1user_client/post/x-list/page-size/default', 20, 7),
    observe: async (mock, token) => {
      const r = await mock.post('/client/user_client', { company_name: 'Demo Blinds Co' }, bearer(token));
      return (r.body as { data: Page }).data.per_page;
    },
    before: 20,
    after: 7,
  },
  {
    name: 'order direction asc: oldest first, from the first page to the last',
    patch: replace(`${LIST_AT}/order/direction`, 'desc', 'asc'),
    observe: async (mock, token) => {
      const first = await list(mock, token, { page: 1, limit: 10 });
      const last = await list(mock, token, { page: first.last_page, limit: 10 });
      const ids = [...first.data, ...last.data].map((c) => c.id);
      const ascending = ids.every((id, i) => i === 0 || ids[i - 1]! < id);
      const descending = ids.every((id, i) => i === 0 || ids[i - 1]! > id);
      return ascending ? 'oldest first' : descending ? 'newest first' : 'neither';
    },
    before: 'newest first',
    after: 'oldest first',
  },
  {
    name: 'search matches [name, surname]: an e-mail finds its client no more, a surname still does',
    patch: replace(
      `${LIST_AT}/search/matches`,
      ['name', 'surname', 'email', 'phone_no', 'phone', 'project_name', 'quote_no'],
      ['name', 'surname'],
    ),
    observe: async (mock, token) => {
      const c = await firstClient(mock, token);
      return { email: await found(mock, token, c.email, c.id), surname: await found(mock, token, c.surname, c.id) };
    },
    before: { email: true, surname: true },
    after: { email: false, surname: true },
  },
  {
    name: "limit's maximum removed: limit 500 is taken (per_page 500), where it was refused",
    patch: [
      { op: 'test', path: '/components/schemas/ClientListRequest/properties/limit/maximum', value: 100 },
      { op: 'remove', path: '/components/schemas/ClientListRequest/properties/limit/maximum' },
    ],
    observe: async (mock, token) => {
      const r = await mock.post('/client/list', { page: 1, limit: 500 }, bearer(token));
      return [r.status, (r.body as { data?: Page }).data?.per_page];
    },
    before: [422, undefined],
    after: [200, 500],
  },
  {
    name: 'x-no-rooms answer null: a client without rooms gets null, not the empty envelope',
    patch: replace('/paths/~1room~1get-by-client-id/post/x-no-rooms/answer', 'empty-list', 'null'),
    observe: async (mock, token) => {
      // Every client of the generated world has rooms: this one is made to have none.
      const c = await firstClient(mock, token);
      const store = mock.app.mock.store;
      const roomsOf = store.roomsOfClient.bind(store);
      store.roomsOfClient = (id) => (id === c.id ? [] : roomsOf(id));
      const r = await mock.post('/room/get-by-client-id', { client_id: c.id }, bearer(token));
      return [r.status, r.body];
    },
    before: [200, { message: 'Rooms get successfully.', data: [] }],
    after: [200, null],
  },
];

for (const row of ROWS)
  t.test(row.name, async (t) => {
    const before = await testMock(t, { rateLimit: false });
    t.same(await row.observe(before, await before.signin()), row.before, 'the spec as written');
    const after = await testMock(t, { rateLimit: false, spec: await patched(row.patch) });
    t.same(await row.observe(after, await after.signin()), row.after, 'the spec as the patch leaves it');
  });

const MALFORMED: Array<{ name: string; change: (raw: RawNode) => void; error: RegExp }> = [
  {
    name: 'a direction neither asc nor desc',
    change: (raw) => {
      at(raw, LIST)['x-list'].order.direction = 'up';
    },
    error: /~1client~1list\/post\/x-list\/order\/direction: must be asc or desc \(found "up"\)/,
  },
  {
    name: 'page-size following a field the request does not declare',
    change: (raw) => {
      at(raw, COMPANY)['x-list']['page-size'].follows = 'size';
    },
    error: /x-list\/page-size\/follows: names size, which the request body does not declare/,
  },
  {
    name: 'a default page size of 0',
    change: (raw) => {
      at(raw, LIST)['x-list']['page-size'].default = 0;
    },
    error: /page-size\/default: must be a whole number above 0 \(found 0\)/,
  },
  {
    name: 'a keyword searching a field the mock cannot search',
    change: (raw) => {
      at(raw, LIST)['x-list'].search.matches = ['name', 'address'];
    },
    error: /search\/matches: the mock can search name, .* \(not address\)/,
  },
  {
    name: 'an order by a field the mock does not order by',
    change: (raw) => {
      at(raw, LIST)['x-list'].order.by = ['surname'];
    },
    error: /order\/by: the mock orders its lists by created_at and id only \(not surname\)/,
  },
  {
    name: 'no x-list on a list the mock pages',
    change: (raw) => {
      delete at(raw, COMPANY)['x-list'];
    },
    error: /~1client~1user_client\/post\/x-list: is missing/,
  },
  {
    name: 'an x-no-rooms answer of neither kind',
    change: (raw) => {
      at(raw, ROOMS)['x-no-rooms'].answer = 'nothing';
    },
    error: /x-no-rooms\/answer: must be empty-list or null \(found "nothing"\)/,
  },
];

for (const row of MALFORMED)
  t.test(`a malformed choice fails loading: ${row.name}`, async (t) => {
    await t.rejects(buildMock({ spec: await specWith(row.change) }), { name: 'ListChoiceError', message: row.error });
  });
