// The error guards: each recognises its documented shape, as the mock answers
// it through the typed client, and nothing else.
import t from 'tap';
import { createClient, isApiError, isStatusError } from '../../client/index.js';
import { injectFetch } from '../../lib/inject-fetch.js';
import { testMock } from '../helpers/mock.js';

async function signedIn(t: Parameters<typeof testMock>[0], email = 'demo@example.com') {
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin(email);
  return createClient({ baseUrl: 'http://127.0.0.1:4010', platform: 'WEB', token, fetch: injectFetch(mock.app) });
}

t.test('a 422 of a form is an ApiError whose per-field messages are typed, with no key probed', async (t) => {
  const api = await signedIn(t);
  const listed = await api.POST('/client/list', { body: { limit: 1 } });
  const { id, name, surname, email } = listed.data!.data.data[0]!;
  const body = { client_id: id, name, surname, email, lead_source_id: 999_999 };
  const { error, response } = await api.POST('/client/update', { body });
  t.equal(response.status, 422);
  t.ok(isApiError(error));
  t.notOk(isStatusError(error));
  if (!isApiError(error)) return;
  // Compiles only because the guard narrowed: `errors` is Record<string, string[]> | undefined.
  const messages: string[] | undefined = error.errors?.lead_source_id;
  t.same(messages, ['The selected lead source id is invalid.']);
  t.equal(error.status, 422);
});

t.test('a 403 without errors is an ApiError too', async (t) => {
  const api = await signedIn(t, 'nosub@example.com');
  const { error } = await api.POST('/client/list', { body: {} });
  t.ok(isApiError(error));
  t.notOk(isStatusError(error));
  t.same(error, { message: 'Subscription required.', status: 403 });
});

t.test('the awning 404 is a StatusError, not an ApiError', async (t) => {
  const api = await signedIn(t);
  const body = { client_id: 999_999, width: 300 };
  const { error, response } = await api.POST('/measurements/awning_measurement_add_edit', { body });
  t.equal(response.status, 404);
  t.ok(isStatusError(error));
  t.notOk(isApiError(error));
  if (isStatusError(error)) t.equal(error.message, 'Client not found.');
});

t.test('anything else is neither', async (t) => {
  const others: unknown[] = [
    undefined,
    null,
    'Unauthenticated.',
    [],
    [{ message: 'm', status: 401 }],
    {},
    { message: 'm' },
    { message: 'm', status: '401' },
    { message: 'm', status: 4.5 },
    { message: 1, status: 401 },
    { message: 'm', status: 422, errors: [] },
    { message: 'm', status: 422, errors: { name: 'required' } },
    { message: 'm', status: 422, errors: { name: [1] } },
    { status: 'failed', message: 'm' },
    { status: 'error' },
    { status: 'error', message: null },
  ];
  for (const value of others) {
    t.notOk(isApiError(value), `not an ApiError: ${JSON.stringify(value)}`);
    t.notOk(isStatusError(value), `not a StatusError: ${JSON.stringify(value)}`);
  }
  t.ok(isApiError({ message: 'm', status: 422, errors: { name: ['required'] } }));
  t.ok(isApiError({ message: 'm', status: 422, errors: {} }));
  t.ok(isStatusError({ status: 'error', message: 'Validation failed' }));
});
