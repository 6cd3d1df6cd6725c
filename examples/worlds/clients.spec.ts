// A test as any worker runs it: what it changes stays in its world.
import { MOCK_URL } from './playwright.config.js';
import { expect, test } from './playwright.fixtures.js';

test('a renamed client stays renamed in this world only', async ({ request, mockWorld }) => {
  const api = (path: string, data: object, token?: string) =>
    request.post(`${MOCK_URL}/api/v1${path}`, {
      data,
      headers: { platform: 'WEB', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const signin = await (await api('/user/signin', { email: 'demo@example.com', password: 'demo-password' })).json();
  const token: string = signin.data.api_token;
  const [first] = (await (await api('/client/list', { limit: 1 }, token)).json()).data.data;
  await api(
    '/client/update',
    { client_id: first.id, name: mockWorld, surname: first.surname, email: first.email },
    token,
  );
  const [again] = (await (await api('/client/list', { limit: 1 }, token)).json()).data.data;
  expect(again.name).toBe(mockWorld);
});
