// client/list, client/user_client, update and delete against the seeded world.
import t from 'tap';
import { bearer, type TestMock, testMock } from '../helpers/mock.js';

type Client = {
  id: number;
  user_id: number;
  name: string;
  surname: string;
  email: string;
  phone_no: string;
  quote_no: string;
  project_name: string | null;
  city: string;
  end_client_known: number;
};
type Page = {
  current_page: number;
  data: Client[];
  from: number | null;
  to: number | null;
  total: number;
  per_page: number;
  last_page: number;
  next_page_url: string | null;
  prev_page_url: string | null;
  first_page_url: string;
  last_page_url: string;
  path: string;
  links: Array<{ url: string | null; label: string; active: boolean }>;
};

const list = async (mock: TestMock, token: string, body: unknown) => {
  const r = await mock.post('/client/list', body, bearer(token));
  if (r.status !== 200) throw new Error(`client/list ${r.status} ${JSON.stringify(r.body)}`);
  return (r.body as { data: Page }).data;
};

t.test('paging: the envelope agrees with itself and walking it yields every client once', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin();
  const first = await list(mock, token, {});
  t.equal(first.per_page, 20, 'default page size 20, as in the sample');
  t.equal(first.total, 45, 'the demo user owns 45 clients of the default world');
  t.equal(first.last_page, 3);
  t.equal(first.path, 'http://localhost:80/api/v1/client/list', 'URLs point at the mock');
  const seen: number[] = [];
  for (let page = 1; page <= first.last_page; page++) {
    const p = await list(mock, token, { page, limit: 20 });
    t.equal(p.current_page, page);
    t.equal(p.from, (page - 1) * 20 + 1);
    t.equal(p.to, (page - 1) * 20 + p.data.length);
    t.equal(p.prev_page_url, page > 1 ? `${p.path}?page=${page - 1}` : null);
    t.equal(p.next_page_url, page < p.last_page ? `${p.path}?page=${page + 1}` : null);
    t.same(
      p.links.filter((l) => l.active).map((l) => l.label),
      [String(page)],
    );
    seen.push(...p.data.map((c) => c.id));
  }
  t.equal(seen.length, 45);
  t.equal(new Set(seen).size, 45, 'no client twice');
  t.same(
    seen,
    [...seen].sort((a, b) => b - a),
    'newest first',
  );
  t.ok(
    (await list(mock, token, {})).data.every((c) => c.user_id === 1),
    'only the caller’s own clients',
  );
});

t.test('regression: the envelope page URLs can be followed (page from the query)', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin();
  let page = await list(mock, token, {});
  const seen: number[] = page.data.map((c) => c.id);
  while (page.next_page_url) {
    const url = new URL(page.next_page_url);
    const r = await mock.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { platform: 'WEB', authorization: `Bearer ${token}` },
    });
    page = r.json().data;
    seen.push(...page.data.map((c) => c.id));
  }
  t.equal(page.current_page, 3);
  t.equal(new Set(seen).size, 45, 'following next_page_url walks every client');
  const both = await mock.app.inject({
    method: 'POST',
    url: '/api/v1/client/list?page=3',
    headers: { platform: 'WEB', authorization: `Bearer ${token}` },
    payload: { page: 2 },
  });
  t.equal(both.json().data.current_page, 2, 'the body wins when both are sent');
  for (const page of ['zero', '99999999999999999999999']) {
    const bad = await mock.app.inject({
      method: 'POST',
      url: `/api/v1/client/list?page=${page}`,
      headers: { platform: 'WEB', authorization: `Bearer ${token}` },
    });
    t.equal(bad.statusCode, 422, `regression: page=${page} is refused (1e23 made a previous-page link to itself)`);
  }
  t.equal((await mock.post('/client/list', { page: 1_000_001 }, bearer(token))).status, 422);
});

t.test('limit sets the page size; a page past the end is empty with null from/to', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  const p = await list(mock, token, { limit: 10, page: 5 });
  t.same([p.per_page, p.data.length, p.from, p.to, p.last_page], [10, 5, 41, 45, 5]);
  const past = await list(mock, token, { limit: 10, page: 9 });
  t.same([past.data.length, past.from, past.to, past.total], [0, null, null, 45]);
  for (const body of [{ limit: 0 }, { limit: 101 }, { page: 0 }, { page: '2' }, { keyword: 7 }]) {
    const r = await mock.post('/client/list', body, bearer(token));
    t.equal(r.status, 422, `refused: ${JSON.stringify(body)}`);
  }
});

t.test('keyword search covers name, surname, email, phone, project name and quote number', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin();
  const all = (await list(mock, token, { limit: 100 })).data;
  const c = all.find((x) => x.project_name && x.quote_no && x.phone_no)!;
  const fields: Array<[string, string]> = [
    ['name', c.name],
    ['surname', c.surname],
    ['email', c.email],
    ['phone', c.phone_no],
    ['project name', c.project_name!],
    ['quote number', c.quote_no],
  ];
  for (const [what, value] of fields) {
    const found = await list(mock, token, { keyword: value.toUpperCase(), limit: 100 });
    t.ok(
      found.data.some((x) => x.id === c.id),
      `found by ${what} (case-insensitive)`,
    );
    t.equal(found.total, found.data.length);
  }
  t.equal((await list(mock, token, { keyword: 'zz-no-such-client-zz' })).total, 0);
});

t.test('user_client lists the clients of every member of the company', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  const r = await mock.post('/client/user_client', { company_name: 'demo blinds co', limit: 100 }, bearer(token));
  t.equal(r.status, 200);
  const page = (r.body as { data: Page }).data;
  const owners = new Set(page.data.map((c) => c.user_id));
  t.ok(owners.size > 1, 'clients of several members');
  t.ok(
    [...owners].every((id) => id >= 1 && id <= 4),
    'all members of Demo Blinds Co',
  );
  const other = await mock.post('/client/user_client', { company_name: 'Solo Shades' }, bearer(token));
  t.same([other.status, other.body], [404, { message: 'Company not found.', status: 404 }]);
});

t.test('update persists and shows in later reads; the phone stays out of listings', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  const c = (await list(mock, token, {})).data[0]!;
  const r = await mock.post(
    '/client/update',
    {
      client_id: c.id,
      name: 'Renamed',
      surname: c.surname,
      email: 'renamed@example.com',
      phone: '555-0100',
      city: 'Bend',
      end_client_known: false,
      lead_source_id: 2,
    },
    bearer(token),
  );
  t.same(r.body, { message: 'Client details updated successfully.', data: [] });
  const after = (await list(mock, token, {})).data.find((x) => x.id === c.id)! as Client & Record<string, unknown>;
  t.same(
    [after.name, after.email, after.city, after.end_client_known, after.lead_source_name],
    ['Renamed', 'renamed@example.com', 'Bend', 0, 'Referral'],
  );
  t.notOk('phone' in after, 'phone is not returned in listings');
  t.ok(
    (await list(mock, token, { keyword: '555-0100' })).data.some((x) => x.id === c.id),
    'but it is searchable',
  );
  const bad = await mock.post(
    '/client/update',
    { client_id: c.id, name: 'X', surname: 'Y', email: 'not-an-email' },
    bearer(token),
  );
  t.same(bad.body, {
    message: 'The email field must be a valid email address.',
    status: 422,
    errors: { email: ['The email field must be a valid email address.'] },
  });
});

t.test('delete: gone from reads, refused on update and on a second delete', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  const c = (await list(mock, token, {})).data[0]!;
  t.same((await mock.post('/client/delete', { client_id: c.id }, bearer(token))).body, {
    message: 'Client deleted successfully.',
    data: [],
  });
  const after = await list(mock, token, { limit: 100 });
  t.notOk(after.data.some((x) => x.id === c.id));
  t.equal(after.total, 44);
  const notFound = { message: 'Client not found.', status: 404 };
  t.same(
    (
      await mock.post(
        '/client/update',
        { client_id: c.id, name: 'A', surname: 'B', email: 'a@example.com' },
        bearer(token),
      )
    ).body,
    notFound,
  );
  t.same((await mock.post('/client/delete', { client_id: c.id }, bearer(token))).body, notFound);
  t.same((await mock.post('/room/get-by-client-id', { client_id: c.id }, bearer(token))).body, notFound);
});

t.test('a user never reads or changes another company’s clients', async (t) => {
  const mock = await testMock(t);
  const demo = await mock.signin();
  const members = (await mock.control('GET', '/__mock/accounts')).body as {
    demo_company: { members: Array<{ email: string }> };
  };
  t.equal(members.demo_company.members.length, 4);
  const foreign = mock.app.mock.store.world.clients.find(
    (c) => mock.app.mock.store.userById(c.user_id)!.company_id > 2,
  )!;
  for (const [path, body] of [
    ['/client/update', { client_id: foreign.id, name: 'X', surname: 'Y', email: 'x@example.com' }],
    ['/client/delete', { client_id: foreign.id }],
    ['/room/get-by-client-id', { client_id: foreign.id }],
  ] as const) {
    const r = await mock.post(path, body, bearer(demo));
    t.same([r.status, r.body], [404, { message: 'Client not found.', status: 404 }], path);
  }
  t.ok(mock.app.mock.store.client(foreign.id), 'still there');
  const colleague = mock.app.mock.store.world.clients.find((c) => c.user_id === 2)!;
  const r = await mock.post(
    '/client/update',
    { client_id: colleague.id, name: 'Shared', surname: 'Client', email: 'shared@example.com' },
    bearer(demo),
  );
  t.equal(r.status, 200, 'a colleague’s client is shared');
});

t.test(
  "regression: a client exactly as client/list gives it goes back to client/update (Laravel's boolean and nullable rules)",
  async (t) => {
    const mock = await testMock(t);
    const token = await mock.signin();
    const list = await mock.post('/client/list', { limit: 50 }, bearer(token));
    const clients = (list.body as any).data.data as Array<Record<string, unknown>>;
    const withNulls =
      clients.find((c) => c.project_name === null || c.location === null || c.lead_source_id === null) ?? clients[0]!;
    const cases: Array<[string, unknown, number]> = [
      [1, 1],
      [0, 0],
      ['1', 1],
      ['0', 0],
      [true, 1],
      [false, 0],
    ].map(([v, want]) => [JSON.stringify(v), v, want as number]);
    for (const [label, value, want] of cases) {
      const r = await mock.post(
        '/client/update',
        { ...withNulls, client_id: withNulls.id, end_client_known: value },
        bearer(token),
      );
      t.equal(r.status, 200, `end_client_known ${label}: ${JSON.stringify(r.body)}`);
      t.equal(mock.app.mock.store.client(withNulls.id as number)!.end_client_known, want, `stored as ${want}`);
    }
    const nulls = await mock.post(
      '/client/update',
      {
        ...withNulls,
        client_id: withNulls.id,
        project_name: null,
        location: null,
        lead_source_name: null,
        lead_source_id: null,
      },
      bearer(token),
    );
    t.equal(nulls.status, 200, 'null for the fields listings give as null');
    const after = (await mock.post('/client/list', { limit: 50 }, bearer(token))).body as any;
    t.equal(
      after.data.data.find((c: any) => c.id === withNulls.id).project_name,
      null,
      'and the listing says null back',
    );
    const bad = await mock.post(
      '/client/update',
      { ...withNulls, client_id: withNulls.id, end_client_known: 'yes' },
      bearer(token),
    );
    t.equal(bad.status, 422, 'what the boolean rule refuses is still refused');
  },
);
