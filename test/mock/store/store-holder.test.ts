// The current store lives in one place: after /__mock/reset, every consumer
// (handlers, auth, subscription, journal, controls, state file) reads the new one.
import { join } from 'node:path';
import t from 'tap';
import { GeneratedWorld } from '../../../fixtures/world.js';
import { readState } from '../../../mock/state/file.js';
import { MemoryStore } from '../../../mock/store/memory-store.js';
import { StoreHolder } from '../../../mock/store/store-holder.js';
import { bearer, testMock } from '../../helpers/mock.js';

const world = () => new GeneratedWorld({ seed: 7, clients: 5 });

t.test('the holder tells its listeners of changes to the current store and of swaps, not of a replaced store', (t) => {
  const first = new MemoryStore(world());
  const stores = new StoreHolder(first);
  let calls = 0;
  stores.onChange(() => calls++);
  first.revokeToken('none');
  t.equal(calls, 1, 'a change of the current store');
  const second = new MemoryStore(world());
  stores.replace(second);
  t.equal(stores.current, second);
  t.equal(calls, 2, 'the swap');
  first.revokeToken('none');
  t.equal(calls, 2, 'the replaced store is ignored');
  second.revokeToken('none');
  t.equal(calls, 3, 'the new store is watched');
  t.end();
});

t.test('after /__mock/reset every consumer sees the new store, not the old one', async (t) => {
  const file = join(t.testdir(), 'state.json');
  const mock = await testMock(t, { stateFile: file });
  const old = mock.app.mock.store;
  const oldToken = await mock.signin();
  // The spec's QR code is a session in every fresh world: the same caller, and so the same cache key, after reset.
  const qr = (mock.app.mock.ctx.spec.byId.get('qrcodeSignin')!.requestBody!.examples[0] as { qr_code: string }).qr_code;
  const shower = old.userByToken(qr)!;
  const id = old.ownClientIds(shower.id)[0]!;
  const name = old.client(id)!.name;
  const example = mock.app.mock.ctx.spec.byId.get('updateClient')!.requestBody!.examples[0] as object;
  const rename = (to: string, token: string) =>
    mock.post('/client/update', { ...example, client_id: id, name: to }, bearer(token));
  const firstListed = async () =>
    ((await mock.post('/client/list', { keyword: '', page: 1, limit: 1 }, bearer(qr))).body as any).data.data[0];
  t.equal((await rename('Renamed in the old world', qr)).status, 200);
  t.same([(await firstListed()).id, (await firstListed()).name], [id, 'Renamed in the old world'], 'cached');

  t.equal((await mock.control('POST', '/__mock/reset')).status, 200);
  const fresh = mock.app.mock.store;
  t.not(fresh, old, 'reset swapped the store');
  t.equal((await firstListed()).name, name, 'handlers and the read cache: the seeded name');

  t.equal((await mock.post('/user/get_profile', {}, bearer(oldToken))).status, 401, 'auth: old sessions are gone');
  const demo = fresh.userByEmail('demo@example.com')!;
  const token = fresh.issueToken(demo.id, 'WEB', '', 'a-token-only-the-new-world-knows');
  t.equal((await mock.post('/user/get_profile', {}, bearer(token))).status, 200, 'auth: the new sessions count');
  await rename('Renamed in the new world', token);
  t.equal(fresh.client(id)!.name, 'Renamed in the new world', 'handlers write to the new store');
  t.equal(old.client(id)!.name, 'Renamed in the old world', 'and not to the old one');

  const people = '/user/get_company_user';
  fresh.setSubscription(demo.id, null);
  t.equal((await mock.post(people, {}, bearer(token))).status, 403, 'subscription: the new plan (none) counts');
  await mock.control('POST', '/__mock/subscription', { email: 'demo@example.com', plan_id: 1 });
  t.ok(fresh.activeSubscription(demo.id), 'controls write to the new store');
  t.equal((await mock.post(people, {}, bearer(token))).status, 200, 'subscription: and so does the plan set back');

  await mock.post('/user/forgot_password', { email: 'demo@example.com' });
  const mail = (await mock.control('GET', '/__mock/mail')).body as { mail: unknown[] };
  t.equal(mail.mail.length, fresh.outbox.length, 'controls read the new outbox');
  t.equal(old.outbox.length, 0, 'not the old one');

  const journal = (await mock.control('GET', '/__mock/requests?operationId=listCompanyUsers')).body as any;
  t.equal(journal.requests[0].account, 'demo@example.com', 'journal: the account of the new session');

  old.updateClient(id, { name: 'Stale' });
  await mock.app.close();
  t.equal(
    (await readState(file))!.overlay.clients.find((c) => c.id === id)!.record!.name,
    'Renamed in the new world',
    'state file',
  );
});
