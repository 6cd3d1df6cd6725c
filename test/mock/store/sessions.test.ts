// Sessions, reset tokens and their mail, apart from any world.
import t, { type Test } from 'tap';
import { SESSION_LIMITS, Sessions } from '../../../mock/store/sessions.js';
import { bearer, spec, testMock } from '../../helpers/mock.js';

const at = '2024-01-01T00:00:00.000000Z';

t.test('sessions: issued under a random or a given token, revoked one by one or per user', (t) => {
  const s = new Sessions();
  const a = s.issue(1, 'WEB', '', at);
  const b = s.issue(1, 'IOS', 'phone', at);
  const c = s.issue(2, 'WEB', '', at, 'given');
  t.match(a, /^[0-9a-f]{64}$/);
  t.not(a, b);
  t.equal(c, 'given');
  t.equal(s.userIdOf(c), 2);
  s.revoke(a);
  t.equal(s.userIdOf(a), undefined);
  t.equal(s.revokeUser(1), 1, 'the one session user 1 had left');
  t.equal(s.userIdOf(b), undefined);
  t.equal(s.userIdOf(c), 2, "another user's session stays");
  t.end();
});

t.test('reset tokens: mailed, single-use unless they stand', (t) => {
  const s = new Sessions();
  const token = s.mailResetToken(7, 'seven@example.com', at);
  t.same(s.outbox, [{ to: 'seven@example.com', subject: 'Reset your password', reset_token: token, sent_at: at }]);
  t.equal(s.resetTokenOwner(token), 7);
  s.spendResetToken(token);
  t.equal(s.resetTokenOwner(token), undefined);
  s.standResetToken('example', 8);
  s.spendResetToken('example');
  t.equal(s.resetTokenOwner('example'), 8, 'a standing token survives use');
  t.end();
});

t.test('a snapshot restores every session, reset token and mail', (t) => {
  const s = new Sessions();
  s.issue(1, 'WEB', 'd', at, 'tok');
  s.mailResetToken(1, 'one@example.com', at);
  const copy = new Sessions(JSON.parse(JSON.stringify(s.snapshot())));
  t.same(copy.snapshot(), s.snapshot());
  t.equal(copy.userIdOf('tok'), 1);
  t.end();
});

// Each form of piling up state without end: one account signing in again and
// again, many accounts, a token issued twice, a state file saved with more than
// the bounds, reset links asked for again and again. Whatever the form, the
// newest stay, the oldest go, and the counts stay within the bounds.
t.test('regression: sessions, reset tokens and mail grew without bound (5,000 sign-ins took 1.6 GiB)', (t) => {
  const limits = { perUser: 3, sessions: 5, resetTokens: 4, outbox: 6 };
  type Row = [string, (s: Sessions) => string[], (t: Test, s: Sessions, made: string[]) => void];
  const rows: Row[] = [
    [
      'one account signs in 50 times',
      (s) => Array.from({ length: 50 }, () => s.issue(1, 'WEB', 'd', at)),
      (t, s, made) => {
        t.equal(s.size, 3, 'three sessions kept');
        t.same(
          made.map((k) => s.userIdOf(k)),
          [...Array(47).fill(undefined), 1, 1, 1],
          'the newest three',
        );
      },
    ],
    [
      'ten accounts sign in twice each',
      (s) => Array.from({ length: 20 }, (_, i) => s.issue(1 + (i % 10), 'WEB', '', at)),
      (t, s, made) => {
        t.equal(s.size, 5, 'five sessions in all');
        t.same(
          made.slice(-5).map((k) => s.userIdOf(k)),
          [6, 7, 8, 9, 10],
          'the newest five across accounts',
        );
      },
    ],
    [
      'a given token issued again',
      (s) => [s.issue(1, 'WEB', '', at, 'same'), s.issue(1, 'WEB', '', at, 'same'), s.issue(1, 'IOS', '', at, 'same')],
      (t, s) => {
        t.equal(s.size, 1, 'one session, not three');
        t.equal(s.countOf(1), 1);
      },
    ],
    [
      'a state file saved with 40 sessions of one account and 40 of others',
      () => [],
      (t) => {
        const saved = {
          sessions: Array.from({ length: 80 }, (_, i) => ({
            token: `t${i}`,
            user_id: i < 40 ? 1 : 2 + i,
            platform: 'WEB',
            device_token: '',
            created_at: at,
          })),
          resetTokens: Array.from({ length: 30 }, (_, i) => ({ token: `r${i}`, user_id: i })),
          outbox: Array.from({ length: 30 }, (_, i) => ({
            to: `${i}@x`,
            subject: 's',
            reset_token: `r${i}`,
            sent_at: at,
          })),
        };
        const s = new Sessions(saved, limits);
        t.equal(s.size, 5, 'loaded within the bound');
        t.same(
          ['t75', 't76', 't77', 't78', 't79'].map((k) => s.userIdOf(k)),
          [77, 78, 79, 80, 81],
          'the newest five',
        );
        t.equal(s.snapshot().resetTokens.length, 4);
        t.same(
          s.outbox.map((m) => m.to),
          ['24@x', '25@x', '26@x', '27@x', '28@x', '29@x'],
        );
      },
    ],
    [
      'one account asks for a reset link 20 times',
      (s) => Array.from({ length: 20 }, () => s.mailResetToken(7, 'seven@example.com', at)),
      (t, s, made) => {
        t.same(
          made.map((k) => s.resetTokenOwner(k)),
          [...Array(19).fill(undefined), 7],
          'only the newest link works, as a Laravel password broker keeps one per user',
        );
        t.equal(s.outbox.length, 6, 'the outbox keeps the newest six');
        t.equal(s.outbox.at(-1)?.reset_token, made.at(-1));
      },
    ],
    [
      'twenty accounts ask for a reset link',
      (s) => Array.from({ length: 20 }, (_, i) => s.mailResetToken(i, `${i}@example.com`, at)),
      (t, s, made) => {
        t.same(
          made.map((k) => s.resetTokenOwner(k) !== undefined),
          [...Array(16).fill(false), ...Array(4).fill(true)],
          'the newest four',
        );
      },
    ],
  ];
  for (const [name, act, check] of rows) {
    t.test(name, (t) => {
      const s = new Sessions(undefined, limits);
      check(t, s, act(s));
      t.end();
    });
  }
  t.end();
});

t.test('revoking after pruning counts only the sessions kept; a standing reset token is never pruned', (t) => {
  const s = new Sessions(undefined, { perUser: 2, sessions: 10, resetTokens: 2, outbox: 10 });
  for (let i = 0; i < 5; i++) s.issue(1, 'WEB', '', at);
  t.equal(s.revokeUser(1), 2);
  t.equal(s.size, 0);
  s.standResetToken('example', 3);
  for (let i = 0; i < 5; i++) s.mailResetToken(10 + i, 'x@example.com', at);
  t.equal(s.resetTokenOwner('example'), 3);
  t.end();
});

t.test('the bounds by default: 100 sessions an account (as the spec says), 10,000 in all', async (t) => {
  t.same(SESSION_LIMITS, { perUser: 100, sessions: 10_000, resetTokens: 10_000, outbox: 1_000 });
  const sessions = (await spec()).raw['x-sessions'];
  t.equal(sessions.per_user, SESSION_LIMITS.perUser, 'x-sessions per_user');
  t.equal(sessions['x-assumed'], true);
});

t.test('regression: through the API, an account signed in 150 times keeps its newest 100 tokens', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const tokens: string[] = [];
  for (let i = 0; i < 150; i++) tokens.push(await mock.signin());
  const statuses = async (list: string[]) =>
    Promise.all(list.map(async (k) => (await mock.post('/user/get_profile', {}, bearer(k))).status));
  t.same(new Set(await statuses(tokens.slice(0, 50))), new Set([401]), 'the oldest 50 ended');
  t.same(new Set(await statuses(tokens.slice(50))), new Set([200]), 'the newest 100 work');
});
