// The library function: validate one exchange against the spec.
import t from 'tap';
import { assumedAlong, createExchangeValidator } from '../../contracts/exchange.js';
import { spec } from '../helpers/mock.js';

const loaded = await spec();
const v = createExchangeValidator(loaded);
const json = { 'content-type': 'application/json' };

t.test('compiled once for every documented response', async (t) => {
  const n = loaded.operations.reduce((a, o) => a + Object.values(o.responses).filter((r) => r.schema).length, 0);
  t.equal(v.compiled, n);
});

t.test('by operationId or by method and path (with or without the prefix)', async (t) => {
  t.equal(v.resolve({ operationId: 'listClients' })?.path, '/client/list');
  t.equal(v.resolve({ method: 'POST', path: '/api/v1/client/list?x=1' })?.operationId, 'listClients');
  t.equal(v.resolve({ method: 'post', path: '/user/reset_password/abc' })?.operationId, 'resetPassword');
  t.equal(v.resolve({ method: 'GET', path: '/client/list' }), undefined);
});

t.test('findings name the operation, status, path, expectation and value', async (t) => {
  t.same(
    v.validate({
      operationId: 'updateClient',
      status: 200,
      headers: json,
      body: { message: 'Client details updated successfully.', data: [] },
    }),
    [],
  );
  const [f] = v.validate({
    operationId: 'updateClient',
    status: 200,
    headers: json,
    body: { message: 'Updated!', data: [] },
  });
  t.match(f, {
    operationId: 'updateClient',
    status: 200,
    at: '/message',
    expected: '"Client details updated successfully."',
    actual: '"Updated!"',
    keyword: 'const',
    severity: 'error',
  });
  const [missing] = v.validate({
    method: 'GET',
    path: '/plans/index',
    status: 200,
    headers: json,
    body: { status: 'success' },
  });
  t.match(missing, {
    operationId: 'listPlans',
    at: '/data',
    expected: 'property "data"',
    actual: 'nothing',
    keyword: 'required',
  });
  const [status] = v.validate({ operationId: 'listPlans', status: 204, headers: json, body: undefined });
  t.match(status, {
    keyword: 'status',
    message: /answered 204, which the spec does not document \(200, 400, 401, 429\)/,
    severity: 'error',
  });
  const [invented] = v.validate({ operationId: 'logout', status: 404, headers: json, body: { message: 'No route.' } });
  t.match(
    invented,
    { keyword: 'status', severity: 'observation' },
    'logout, an operation the document does not show, is x-assumed as a whole',
  );
  const [ct] = v.validate({
    operationId: 'listCountries',
    status: 200,
    headers: { 'content-type': 'text/html' },
    body: { status: 'success', data: [] },
  });
  t.match(ct, { keyword: 'content-type', actual: 'text/html' });
  const [op] = v.validate({ method: 'PUT', path: '/nowhere', status: 200, body: {} });
  t.match(op, { keyword: 'operation' });
});

t.test('findings on x-assumed parts of the spec are marked', async (t) => {
  const page = {
    current_page: 1,
    data: [],
    first_page_url: 'http://h/?page=1',
    from: 'one',
    last_page: 1,
    last_page_url: 'http://h/?page=1',
    links: [],
    next_page_url: null,
    path: 'http://h',
    per_page: 20,
    prev_page_url: null,
    to: null,
    total: 0,
  };
  const findings = v.validate({
    operationId: 'listClients',
    status: 200,
    headers: json,
    body: { message: 'ok', data: page },
  });
  t.ok(findings.length > 0 && findings.every((f) => f.severity === 'observation'), '`from` is x-assumed in the spec');
  const plain = v.validate({
    operationId: 'listClients',
    status: 200,
    headers: json,
    body: { message: 'ok', data: { ...page, from: null, total: 'none' } },
  });
  t.ok(
    plain.some((f) => f.at === '/data/total' && f.severity === 'error'),
    '`total` is not',
  );
  t.notOk(assumedAlong({ properties: { a: { type: 'string' } } }, '#/properties/a/type'));
  t.ok(assumedAlong({ properties: { a: { 'x-assumed': true, type: 'string' } } }, '#/properties/a/type'));
});
