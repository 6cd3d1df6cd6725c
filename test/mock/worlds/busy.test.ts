// Issue 30 hardening: with --state-file, DELETE /__mock/worlds/NAME while a
// request was under way in it let that request write the world back (its file
// again, its old token working). Now the DELETE is refused (409, Retry-After)
// until the world's requests have ended.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { worldFileName, worldsDirOf } from '../../../mock/worlds/files.js';
import { testMock } from '../../helpers/mock.js';
import { auth, inWorld } from '../../helpers/worlds.js';

t.test('regression: a world with a request under way is not dropped, and stays dropped after', async (t) => {
  const file = join(t.testdir({}), 'state.json');
  const { app } = await testMock(t, { stateFile: file, rateLimit: false, onStateError: () => {} });
  const w = inWorld(app, 'w3');
  const token = await w.signin();
  t.equal((await w.control('POST', '/__mock/faults', { latency_ms: 300 })).status, 201);
  const slow = w.post(
    '/client/update',
    {
      client_id: 1,
      name: 'Late',
      surname: 'Write',
      email: 'late@example.com',
      phone: '555-0100',
      city: 'Bend',
      end_client_known: false,
      lead_source_id: 2,
    },
    auth(token),
  );
  await new Promise((r) => setTimeout(r, 50));
  const busy = await app.inject({ method: 'DELETE', url: '/__mock/worlds/w3' });
  t.equal(busy.statusCode, 409, 'refused while the write is under way');
  t.equal(busy.headers['retry-after'], '1');
  t.equal(busy.json().status, 409, 'in the API error shape');
  t.match(busy.json().message, /w3 has 1 request\(s\) under way/);
  t.equal((await slow).status, 200, 'the write ends');

  const gone = await app.inject({ method: 'DELETE', url: '/__mock/worlds/w3' });
  t.equal(gone.statusCode, 200, 'dropped once it is idle');
  t.notOk(existsSync(join(worldsDirOf(file), worldFileName('w3'))), 'its file is gone');
  await new Promise((r) => setTimeout(r, 50));
  t.notOk(existsSync(join(worldsDirOf(file), worldFileName('w3'))), 'and stays gone');
  t.equal((await w.post('/user/get_profile', {}, auth(token))).status, 401, 'the old token is dead in the new w3');
});
