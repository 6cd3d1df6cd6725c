// --state-file: a write that cannot be saved (directory gone, state past its
// bound, a change that cannot be serialized; concurrent writes, a reset) is
// answered 503 in the API shape and undone, and the next write tries again.

import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type * as Tap from 'tap';
import t from 'tap';
import type { MockOptions } from '../../../mock/options.js';
import { readState } from '../../../mock/state/file.js';
import { boundedStrings } from '../../../spec/schema.js';
import { spec } from '../../helpers/mock.js';
import { inject, onFile } from '../../helpers/state-file.js';
import { clientsOf } from '../../helpers/world.js';

/** Bytes of the state file and its log once a mock has signed in and saved one write. */
async function bytesAfterOneWrite(t: Tap.Test): Promise<number> {
  const m = await onFile(t);
  t.equal((await m.rename('Saved')).statusCode, 200, 'the probe write');
  const size = (path: string) => (existsSync(path) ? statSync(path).size : 0);
  return size(m.file) + size(`${m.file}.log`);
}

t.test('regression: a write that cannot be saved is answered 503 in the API shape and undone', async (t) => {
  const rows: Array<{
    what: string;
    options?: Partial<MockOptions>;
    /** Makes the next write fail; returns what puts it right. */
    breakIt: (m: Awaited<ReturnType<typeof onFile>>) => () => void;
    more?: Record<string, unknown>;
  }> = [
    {
      what: 'the directory is gone (as on a disk that fails)',
      breakIt: (m) => {
        rmSync(join(m.dir, 'data'), { recursive: true });
        return () => mkdirSync(join(m.dir, 'data'));
      },
    },
    {
      // Stored strings are bounded (255 characters), so the bound is set just above what a
      // signed-in mock with one saved write holds: a write of every address field at its
      // longest passes it, a short one does not.
      what: 'the state would pass its bound in bytes (an overlay past V8 string limit)',
      options: { stateLimit: (await bytesAfterOneWrite(t)) + 1500 },
      breakIt: () => () => undefined,
      more: Object.fromEntries(
        [...boundedStrings((await spec()).byId.get('updateClient')?.requestBody?.schema)]
          .filter(([k]) => /address|city|state|zip/.test(k))
          .map(([k, max]) => [k, 'x'.repeat(max)]),
      ),
    },
    {
      what: 'a change that cannot be serialized (Invalid string length)',
      // A handler whose change cannot become JSON, as a string past V8's limit cannot.
      options: {
        handlers: {
          updateClient: ({ body, store }) => {
            const bad = {
              toJSON() {
                throw new RangeError('Invalid string length');
              },
            };
            const city = body.name === 'Lost' ? (bad as unknown as string) : 'Fine';
            store.updateClient(body.client_id, { name: body.name, city });
            return { message: 'Client details updated successfully.', data: [] };
          },
        },
      },
      breakIt: () => () => undefined,
    },
  ];
  for (const row of rows) {
    await t.test(row.what, async (t) => {
      const m = await onFile(t, row.options);
      t.equal((await m.rename('Saved')).statusCode, 200, 'a good write');
      const mend = row.breakIt(m);
      const r = await m.rename('Lost', row.more);
      t.equal(r.statusCode, 503, 'not acknowledged');
      t.equal(r.headers['x-mock-error'], 'MCS_ERR_STATE_NOT_SAVED', 'with its code');
      t.same(Object.keys(r.json()).sort(), ['message', 'status'], 'in the API shape');
      t.equal(r.json().status, 503);
      t.match(r.json().message, /could not be saved/);
      t.equal(m.failures.length, 1, 'and told');
      t.equal(m.app.mock.store.client(m.client.id)!.name, 'Saved', 'the world as before the request');
      t.equal(await m.listedName(), 'Saved', 'no answer remembers the undone change');
      mend();
      t.equal((await m.rename('Again')).statusCode, 200, 'the next write tries again');
      await m.app.close();
      const saved = await readState(m.file, await spec());
      t.equal(saved!.overlay.clients.find((c) => c.id === m.client.id)?.record?.name, 'Again', 'and is saved');
    });
  }
});

t.test('regression: concurrent writes and a reset that cannot be saved are all refused and undone', async (t) => {
  const m = await onFile(t);
  const others = clientsOf(m.app.mock.store)
    .filter((c) => c.user_id === 1)
    .slice(0, 10);
  t.equal((await m.rename('Saved')).statusCode, 200);
  const before = others.map((c) => m.app.mock.store.client(c.id)!.name);
  rmSync(join(m.dir, 'data'), { recursive: true });
  const answers = await Promise.all([
    ...others.map((c) =>
      inject(m.app, '/client/update', { client_id: c.id, name: 'Lost', surname: c.surname, email: c.email }, m.auth),
    ),
    inject(m.app, '/user/signup', {
      name: 'Ann',
      surname: 'Lost',
      email: 'ann.lost@example.com',
      password: 'a-long-password',
      password_confirmation: 'a-long-password',
      company_name: 'Lost Co',
    }),
  ]);
  t.same(
    answers.map((r) => r.statusCode),
    answers.map(() => 503),
    'every concurrent write is refused',
  );
  t.same(
    others.map((c) => m.app.mock.store.client(c.id)!.name),
    before,
    'none of them is in memory',
  );
  t.notOk(m.app.mock.store.userByEmail('ann.lost@example.com'), 'nor the user signed up');
  const reset = await m.app.inject({ method: 'POST', url: '/__mock/reset', payload: {} });
  t.equal(reset.statusCode, 503, 'a reset that cannot be saved is refused');
  t.equal(m.app.mock.store.client(m.client.id)!.name, 'Saved', 'and the world before it stays');
  mkdirSync(join(m.dir, 'data'));
  t.equal((await m.app.inject({ method: 'POST', url: '/__mock/reset', payload: {} })).statusCode, 200);
  t.equal(m.app.mock.store.client(m.client.id)!.name, m.client.name, 'the reset, saved, is made');
});
