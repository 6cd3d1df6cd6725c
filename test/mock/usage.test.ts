// The mock's usage: per world since its reset, all worlds since start; a
// reset or a world dropped keeps its usage in the all-worlds total; DELETE
// forgets it; the answer is a usage file spec:diff reads.
import t from 'tap';
import type { UsageFile } from '../../spec/usage/format.js';
import { parseUsage } from '../../spec/usage/read.js';
import { testMock } from '../helpers/mock.js';

const calls = (u: unknown, op: string) => (u as UsageFile).operations[op]?.calls ?? 0;

t.test('usage per world and for all worlds, through resets and drops', async (t) => {
  const m = await testMock(t, { rateLimit: false });
  const token = await m.signin();
  const auth = { authorization: `Bearer ${token}` };
  await m.post('/client/list', { limit: 2 }, auth);
  await m.post('/countries/index', {}, { 'x-mock-world': 'story-1' });
  await m.post('/countries/index', {}, { 'x-mock-world': 'story-1', platform: 'IOS' });

  const all = (await m.control('GET', '/__mock/usage')).body;
  parseUsage(JSON.stringify(all), 'the answer');
  t.equal(calls(all, 'listClients'), 1);
  t.equal(calls(all, 'listCountries'), 2);
  t.same((all as UsageFile).operations.listCountries?.worlds, { 'story-1': 2 });
  t.same((all as UsageFile).operations.listCountries?.platforms, { WEB: 1, IOS: 1 });
  const one = (await m.control('GET', '/__mock/usage?world=story-1')).body;
  t.equal(calls(one, 'listClients'), 0, "one world's usage is its own");
  t.equal(calls(one, 'listCountries'), 2);

  await m.control('POST', '/__mock/reset');
  t.equal(
    calls((await m.control('GET', '/__mock/usage?world=default')).body, 'listClients'),
    0,
    'a reset starts the world afresh',
  );
  t.equal(calls((await m.control('GET', '/__mock/usage')).body, 'listClients'), 1, 'the total keeps it');
  await m.control('DELETE', '/__mock/worlds/story-1');
  t.equal(calls((await m.control('GET', '/__mock/usage')).body, 'listCountries'), 2, 'and a dropped world’s');

  const cleared = await m.control('DELETE', '/__mock/usage');
  t.match((cleared.body as { message: string }).message, /every world/);
  t.same(((await m.control('GET', '/__mock/usage')).body as UsageFile).operations, {}, 'forgotten');
});

t.test('no credential and no value typed is kept', async (t) => {
  const m = await testMock(t, { rateLimit: false });
  const token = await m.signin();
  await m.post('/client/list', { keyword: 'Porto', limit: 1 }, { authorization: `Bearer ${token}` });
  const text = JSON.stringify((await m.control('GET', '/__mock/usage')).body);
  t.notMatch(text, new RegExp(`${token}|Porto|demo-password|demo@example`));
  t.match(text, /"\/keyword":1/);
});

t.test('a name that is no world is refused in the API’s shape', async (t) => {
  const m = await testMock(t);
  const r = await m.control('GET', '/__mock/usage?world=..');
  t.equal(r.status, 400);
  t.match(r.body, { status: 400 });
});
