// A mock on a state file, for the state-file tests (file, log, not-saved): inject()
// posts to the API as the app would; onFile() starts a mock on a state file in its
// own directory, signed in as the demo account, with one of its clients.
import { join } from 'node:path';
import type * as Tap from 'tap';
import { buildMock } from '../../mock/build.js';
import type { MockOptions } from '../../mock/options.js';
import { spec } from './mock.js';
import { clientsOf } from './world.js';

export const inject = (
  app: Awaited<ReturnType<typeof buildMock>>,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { platform: 'WEB', ...headers },
    payload: payload as object,
  });

/** A mock on a state file in its own directory, signed in as the demo account, with one of its clients. */
export async function onFile(t: Tap.Test, options: Partial<MockOptions> = {}) {
  const dir = t.testdir({ data: {} });
  const file = join(dir, 'data', 'state.json');
  const failures: Error[] = [];
  const app = await buildMock({
    spec: await spec(),
    stateFile: file,
    onStateError: (e) => failures.push(e),
    ...options,
  });
  t.teardown(() => app.close());
  const token = (await inject(app, '/user/signin', { email: 'demo@example.com', password: 'demo-password' })).json()
    .data.api_token;
  const auth = { authorization: `Bearer ${token}` };
  const client = clientsOf(app.mock.store).find((c) => c.user_id === 1)!;
  const rename = (name: string, more: Record<string, unknown> = {}) =>
    inject(
      app,
      '/client/update',
      { client_id: client.id, name, surname: client.surname, email: client.email, ...more },
      auth,
    );
  const listedName = async () =>
    (await inject(app, '/client/list', { keyword: client.surname, limit: 100 }, auth))
      .json()
      .data.data.find((c: { id: number }) => c.id === client.id)?.name;
  return { dir, file, app, failures, auth, client, rename, listedName };
}
