// Issue 29: a field the operation does not document is ignored (the spec's
// x-unknown-request-fields), and the journal says so as an observation, so a
// typo such as `zipcode` for `zip_code` shows at run time.
import t from 'tap';
import { bearer, testMock } from '../../helpers/mock.js';

const example = (mock: Awaited<ReturnType<typeof testMock>>, operationId: string) =>
  (mock.app.mock.ctx.spec.byId.get(operationId)!.requestBody!.examples[0] ?? {}) as Record<string, unknown>;

t.test('each ignored field is an observation in the journal; a correct body has none', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin();
  const cases: Array<[string, string, Record<string, unknown>, string]> = [
    ['updateClient', '/client/update', { ...example(mock, 'updateClient'), zipcode: '97205' }, 'zipcode'],
    ['signin', '/user/signin', { email: 'demo@example.com', password: 'demo-password', platfrom: 'WEB' }, 'platfrom'],
    ['listClients', '/client/list', { keyword: '', limt: 5 }, 'limt'],
    [
      'addEditAwningMeasurement',
      '/measurements/awning_measurement_add_edit',
      { ...example(mock, 'addEditAwningMeasurement'), widht: 144 },
      'widht',
    ],
  ];
  for (const [operationId, path, body, field] of cases) {
    await mock.post(path, body, bearer(token));
    const r = await mock.control('GET', `/__mock/requests?operationId=${operationId}&limit=1`);
    const [entry] = (r.body as any).requests;
    const notes = entry.findings.filter((f: any) => f.severity === 'observation');
    t.same(
      notes.map((f: any) => [f.message, f.at]),
      [[`field \`${field}\` is not part of ${operationId}'s body and was ignored`, `/${field}`]],
      `${operationId} (${entry.status})`,
    );
    t.equal(entry.findings.filter((f: any) => f.severity === 'error').length, 0, 'an observation, not a violation');
  }
  await mock.post('/client/list', { keyword: '', limit: 5 }, bearer(token));
  const [good] = ((await mock.control('GET', '/__mock/requests?operationId=listClients&limit=1')).body as any).requests;
  t.same(good.findings, [], 'a correct body: no observation');
});

t.test('a live token sent as a field name is masked in the observation, as in the body', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin();
  await mock.post('/client/list', { [token]: 1 }, bearer(token));
  const [entry] = ((await mock.control('GET', '/__mock/requests?operationId=listClients&limit=1')).body as any)
    .requests;
  t.equal(entry.findings.length, 1, 'observed');
  t.notMatch(JSON.stringify(entry), token, 'the token nowhere in the entry');
  t.match(entry.findings[0].message, /field `\[REDACTED\]` is not part of listClients's body/);
});

// Attack pass: a body too large to keep whole (cut when recorded) had no observation at all, and so passed for a
// body that sent no ignored field.
t.test('a body too large to check says so, as an observation', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin();
  const padded: Record<string, unknown> = { keyword: '', limit: 5 };
  for (let i = 0; i < 4000; i++) padded[`extra${i}`] = i;
  await mock.post('/client/list', padded, bearer(token));
  const [entry] = ((await mock.control('GET', '/__mock/requests?operationId=listClients&limit=1')).body as any)
    .requests;
  t.same(
    entry.findings.map((f: any) => [f.severity, f.message.replace(/\(\d+ characters\)/, '(N characters)')]),
    [
      [
        'observation',
        'the request body was too large to keep whole (N characters), so its fields were not checked for ignored ones',
      ],
    ],
  );
});
