// client/list and client/user_client against the seeded world: paging,
// page size, keyword search and the company listing.
import t from 'tap';
import { list, type Page } from '../helpers/clients.js';
import { bearer, testMock } from '../helpers/mock.js';

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
  for (const body of [{ limit: 0 }, { limit: 101 }, { page: 0 }, { page: 'two' }, { page: '2.0' }, { keyword: 7 }]) {
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
