// Issue 38: with --state-file --max-worlds 2, a token of world wa (pushed out
// to disk) sent in world wb as ?t=TOKEN showed in clear in the journal's url:
// the journal masked only the tokens of live worlds. A token of any world,
// live, resting or the default one's, session or reset token, sent in another
// world by query, header, path or body, plain, escaped or percent-encoded, is
// masked in that world's journal and in the all-worlds view.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { bearer, testMock } from '../../helpers/mock.js';

const DEMO = { email: 'demo@example.com', password: 'demo-password' };

t.test(
  'regression: a token of another world (live, resting or the default one) is masked in every journal',
  async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'mcs-other-worlds-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const mock = await testMock(t, { stateFile: join(dir, 'state.json'), maxWorlds: 3, rateLimit: false });
    const inWorld = (world: string): Record<string, string> => (world === 'default' ? {} : { 'x-mock-world': world });
    const tokensOf = async (world: string) => {
      const s = await mock.post('/user/signin', DEMO, inWorld(world));
      t.equal(s.status, 200, `signed in in ${world}`);
      await mock.post('/user/forgot_password', { email: DEMO.email }, inWorld(world));
      const mail = await mock.control('GET', `/__mock/mail${world === 'default' ? '' : `?world=${world}`}`);
      const messages = (mail.body as { mail?: Array<{ reset_token: string }> }).mail ?? [];
      return {
        session: (s.body as { data: { api_token: string } }).data.api_token,
        reset: messages.at(-1)?.reset_token,
      };
    };
    const live = await tokensOf('wa');
    const resting = await tokensOf('wr');
    const byDefault = await tokensOf('default');
    // wb is made; with wa used since, wr (least recently used) rests on disk.
    await mock.post('/user/signin', DEMO, inWorld('wa'));
    const wbToken = (await tokensOf('wb')).session;
    const names = mock.app.mock.worlds.list().map((w) => w.name);
    t.notOk(names.includes('wr'), `wr rests on disk (live: ${names.join(', ')})`);
    t.same(await mock.app.mock.worlds.resting(), ['wr']);

    const tokens: Array<[string, string | undefined]> = [
      ['live world session', live.session],
      ['live world reset token', live.reset],
      ['resting world session', resting.session],
      ['resting world reset token', resting.reset],
      ['default world session', byDefault.session],
      ['default world reset token', byDefault.reset],
    ];
    const escaped = (s: string) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const percent = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    const ways: Array<[string, (token: string) => Promise<unknown>]> = [
      ['query', (x) => mock.post(`/client/list?t=${x}`, {}, { ...inWorld('wb'), ...bearer(wbToken) })],
      [
        'query, percent-encoded',
        (x) => mock.post(`/client/list?t=${percent(x)}`, {}, { ...inWorld('wb'), ...bearer(wbToken) }),
      ],
      ['header', (x) => mock.post('/client/list', {}, { ...inWorld('wb'), ...bearer(wbToken), 'x-note': `see ${x}` })],
      ['path', (x) => mock.post(`/client/${x}`, {}, { ...inWorld('wb'), ...bearer(wbToken) })],
      [
        'path, percent-encoded',
        (x) => mock.post(`/client/${percent(x)}`, {}, { ...inWorld('wb'), ...bearer(wbToken) }),
      ],
      ['body', (x) => mock.post('/client/list', { keyword: x }, { ...inWorld('wb'), ...bearer(wbToken) })],
      [
        'body, escaped',
        (x) =>
          mock.app.inject({
            method: 'POST',
            url: '/api/v1/client/list',
            headers: { platform: 'WEB', 'content-type': 'application/json', ...inWorld('wb'), ...bearer(wbToken) },
            payload: `{"keyword":"${escaped(x)}"}`,
          }),
      ],
    ];
    for (const [whose, token] of tokens) {
      if (!token) {
        t.fail(`${whose}: no token`);
        continue;
      }
      for (const [how, send] of ways) {
        await send(token);
        for (const view of ['/__mock/requests?world=wb', '/__mock/requests']) {
          const shown = JSON.stringify(
            (await mock.control('GET', `${view}${view.includes('?') ? '&' : '?'}limit=1`)).body,
          );
          t.ok(shown.includes('[REDACTED]'), `${whose} by ${how}: masked in ${view}`);
          for (const form of [token, escaped(token), percent(token), token.toUpperCase()])
            t.notOk(shown.toLowerCase().includes(form.toLowerCase()), `${whose} by ${how}: not shown in ${view}`);
        }
      }
    }
    // The resting world's token still works there: masking it hides nothing it needs.
    const back = await mock.post('/client/list', {}, { ...inWorld('wr'), ...bearer(resting.session) });
    t.equal(back.status, 200, "the resting world's session works in its world");
  },
);
