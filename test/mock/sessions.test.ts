// Sessions, reset tokens and their mail, apart from any world.
import t from 'tap';
import { Sessions } from '../../mock/sessions.js';

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
