// The checks' one way to sign in and read a token: the body every sign-in
// sends, the token kept secret at once, and only a non-empty string taken as
// a token (a refused sign-in or an odd answer gives none).
import t from 'tap';
import type { CallOptions } from '../../../contracts/check-run.js';
import { type Caller, signIn, tokenOf } from '../../../contracts/checks/kit.js';
import type { RunContext } from '../../../contracts/options.js';
import type { Outcome } from '../../../lib/http.js';

t.test('tokenOf takes a non-empty string api_token and nothing else', async (t) => {
  t.equal(tokenOf({ data: { api_token: 'abc' } }), 'abc');
  for (const body of [undefined, null, {}, { data: null }, { data: { api_token: '' } }, { data: { api_token: 42 } }])
    t.equal(tokenOf(body), undefined, JSON.stringify(body) ?? 'undefined');
});

/** A caller that answers every call with `body` and records what it was asked. */
function caller(body: unknown) {
  const calls: Array<{ operationId: string; o?: CallOptions }> = [];
  const kept: Array<string | undefined> = [];
  const c: Caller = {
    ctx: { platform: 'IOS' } as RunContext,
    async call(operationId, o) {
      calls.push({ operationId, o });
      return {
        request: { method: 'POST', path: '/user/signin' },
        status: 200,
        headers: {},
        text: '',
        body,
        ms: 1,
      } as Outcome;
    },
    keepSecret: (v) => void kept.push(v),
  };
  return { c, calls, kept };
}

t.test('signIn sends the run platform and keeps the token secret', async (t) => {
  const { c, calls, kept } = caller({ data: { api_token: 'tok-1' } });
  const { token, out } = await signIn(c, 'a@example.com', 'pw', { allow429: true });
  t.equal(token, 'tok-1');
  t.equal(out.status, 200);
  t.same(calls, [
    {
      operationId: 'signin',
      o: { allow429: true, body: { email: 'a@example.com', password: 'pw', device_token: '', platform: 'IOS' } },
    },
  ]);
  t.same(kept, ['tok-1'], 'the token is a secret of the run from the moment it arrives');
});

t.test('a refused sign-in gives no token', async (t) => {
  const { c } = caller({ message: 'Invalid credentials.' });
  t.equal((await signIn(c, 'a@example.com', 'wrong')).token, undefined);
});
