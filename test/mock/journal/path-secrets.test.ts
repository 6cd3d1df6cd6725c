// The journal shows no reset token in any near miss of the reset link's path
// (issue 29's attack pass: an extra segment, an encoded slash, another method),
// whether or not the token is live: the rows are test/helpers/path-tokens.ts's.
import t from 'tap';
import { testMock } from '../../helpers/mock.js';
import { nearMisses } from '../../helpers/path-tokens.js';

t.test('no guessed reset token in the journal, in any near miss of its path', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const rows = nearMisses('GuessTok0123456789abcdef');
  for (const row of rows)
    await mock.app.inject({
      method: row.method,
      url: row.url,
      headers: { platform: 'WEB', 'content-type': 'application/json' },
      payload: row.method === 'POST' ? '{}' : undefined,
    });
  const { requests } = (await mock.control('GET', `/__mock/requests?limit=${rows.length}`)).body as {
    requests: Array<{ url: string }>;
  };
  t.ok(requests.length >= rows.length - 3, `${requests.length} journaled`);
  const shown = JSON.stringify(requests).toLowerCase();
  for (const row of rows) {
    const leaks = row.forms.filter((f) => shown.includes(f.toLowerCase()));
    t.same(leaks, [], row.name);
  }
  t.ok(
    requests.some((r) => r.url === '/api/v1/user/reset_password/[REDACTED]/[REDACTED]'),
    'an extra segment: both masked',
  );
});
