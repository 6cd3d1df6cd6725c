// The mock inside a unit test, no port: MSW answers the app's fetch calls from
// the same stateful mock as `npm start`, reset before each test.
import { createClient } from 'mcs-contract-toolkit/client';
import { createMswMock } from 'mcs-contract-toolkit/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';

const baseUrl = 'https://api.example.test';
const mock = await createMswMock({ baseUrl });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => mock.reset());
afterAll(() => server.close());

async function signIn(email = 'demo@example.com') {
  let token: string | undefined;
  const api = createClient({ baseUrl, platform: 'WEB', token: () => token });
  const { data } = await api.POST('/user/signin', { body: { email, password: 'demo-password' } });
  token = data?.data.api_token;
  return api;
}

test('an update shows in the next list; the app sent what we expect', async () => {
  const api = await signIn();
  const { id, name, surname, email } = (await api.POST('/client/list', { body: { limit: 1 } })).data!.data.data[0]!;
  await api.POST('/client/update', { body: { client_id: id, name, surname, email, city: 'Lisbon' } });
  const again = await api.POST('/client/list', { body: { limit: 1 } });
  expect(again.data!.data.data[0]!.city).toBe('Lisbon');
  const [sent] = mock.journal.list({ operationId: 'updateClient' });
  expect(JSON.parse(sent!.request.body!)).toMatchObject({ client_id: id, city: 'Lisbon' });
});

test('each test starts from the seed: the update above is gone', async () => {
  const api = await signIn();
  const { data } = await api.POST('/client/list', { body: { limit: 1 } });
  expect(data!.data.data[0]!.city).not.toBe('Lisbon');
});

test('errors come in the documented shapes', async () => {
  const { error, response } = await (await signIn('nosub@example.com')).POST('/client/list', { body: {} });
  expect(response.status).toBe(403);
  expect(error).toEqual({ message: 'Subscription required.', status: 403 });
});

test('the error screen: the server fails once, then answers again', async () => {
  const api = await signIn();
  await mock.faults.add({ operationId: 'listClients', kind: 'server-error', count: 1 });
  const failed = await api.POST('/client/list', { body: {} });
  expect(failed.response.status).toBe(500);
  expect(failed.error).toEqual({ message: 'Server Error' });
  expect((await api.POST('/client/list', { body: {} })).response.status).toBe(200);
});
