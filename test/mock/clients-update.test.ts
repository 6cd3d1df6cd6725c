// client/update and client/delete against the seeded world: changes persist,
// deletes stick, other companies' clients stay out of reach.
import t from 'tap';
import { type Client, list } from '../helpers/clients.js';
import { bearer, testMock } from '../helpers/mock.js';
import { clientsOf } from '../helpers/world.js';

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
  // What a listing may give, the update must accept: a client whose email is any text writes back (spec: email).
  const loose = await mock.post(
    '/client/update',
    { client_id: c.id, name: 'X', surname: 'Y', email: 'not-an-email' },
    bearer(token),
  );
  t.same(loose.body, { message: 'Client details updated successfully.', data: [] });
  t.equal((await list(mock, token, {})).data.find((x) => x.id === c.id)!.email, 'not-an-email', 'listed as written');
  const bad = await mock.post(
    '/client/update',
    { client_id: c.id, name: 'X', surname: 'Y', email: 12345 },
    bearer(token),
  );
  t.match(bad.body, { status: 422, errors: { email: [/string/] } }, 'not a string: refused');
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
  const foreign = clientsOf(mock.app.mock.store).find((c) => mock.app.mock.store.userById(c.user_id)!.company_id > 2)!;
  for (const [path, body] of [
    ['/client/update', { client_id: foreign.id, name: 'X', surname: 'Y', email: 'x@example.com' }],
    ['/client/delete', { client_id: foreign.id }],
    ['/room/get-by-client-id', { client_id: foreign.id }],
  ] as const) {
    const r = await mock.post(path, body, bearer(demo));
    t.same([r.status, r.body], [404, { message: 'Client not found.', status: 404 }], path);
  }
  t.ok(mock.app.mock.store.client(foreign.id), 'still there');
  const colleague = clientsOf(mock.app.mock.store).find((c) => c.user_id === 2)!;
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
