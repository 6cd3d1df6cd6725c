// Deployments broken in what only a sequence shows: each makes its named
// sequence check fail with a message that says at which step, while the
// one-call checks of the same operations may pass.
import type { FastifyReply } from 'fastify';
import t from 'tap';
import { REPORTERS } from '../../contracts/reporters/index.js';
import { runContracts } from '../../contracts/runner.js';
import type { RunOptions } from '../../contracts/types.js';
import type { FetchLike } from '../../lib/http.js';
import { brokenServer, type Defect, forwardBody, relay, runBroken } from '../helpers/broken.js';
import { spec } from '../helpers/mock.js';
import { recordingFetch, secretsIn } from '../helpers/recording-fetch.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const thora = { email: 'thora.smith@example.com', password: 'demo-password' };

const send = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).header('content-type', 'application/json').send(JSON.stringify(body));
const tokenOf = (headers: Record<string, unknown>) =>
  String(headers.authorization ?? '').replace(/^Bearer /, '') || String(headers['x-api-token'] ?? '');
const bodyOf = (raw: unknown) => (typeof raw === 'string' && raw ? JSON.parse(raw) : {});

/** Answers a path from the first answer to the same body, whatever changed since. */
function stale(path: string): Defect {
  const cache = new Map<string, Awaited<ReturnType<Parameters<Defect>[0]['forward']>>>();
  return async ({ path: p, request, reply, forward }) => {
    if (p !== path) return undefined;
    const key = `${tokenOf(request.headers)} ${request.body}`;
    if (!cache.has(key)) cache.set(key, await forward());
    return relay(reply, cache.get(key)!);
  };
}

/** Keeps every token signed in for an account valid through a password change. */
function keepsOldTokens(): Defect {
  const issued = new Map<string, string[]>();
  return async ({ mock, path, request, reply, forward }) => {
    const r = await forward();
    const email = String(bodyOf(request.body).email ?? '').toLowerCase();
    if (path === '/user/signin' && r.status === 200)
      issued.set(email, [...(issued.get(email) ?? []), r.body.data.api_token]);
    if (path === '/user/update_password' && r.status === 200) {
      const user = mock.mock.store.userByEmail(email)!;
      for (const token of issued.get(email) ?? []) mock.mock.store.issueToken(user.id, 'WEB', '', token);
    }
    return relay(reply, r);
  };
}

const cases: Array<{
  name: string;
  run: Partial<RunOptions>;
  check: string;
  defect: Defect;
  expect: RegExp[];
  /** What the check ends as (default: fail). */
  verdict?: string;
}> = [
  {
    name: 'a logout that logs nothing out',
    run: {},
    check: 'logged-out-token',
    defect: ({ path, reply }) =>
      path === '/user/logout' ? send(reply, 200, { message: 'Logged out successfully.', data: [] }) : undefined,
    expect: [
      /^after logout: listClients answered 200, expected 401/,
      /^after logout: updateClient answered 404, expected 401/,
    ],
  },
  {
    name: 'a logout that ends every session of the user, not only its own',
    run: {},
    check: 'logged-out-token',
    defect: async ({ mock, path, request, reply, forward }) => {
      if (path !== '/user/logout') return undefined;
      const user = mock.mock.store.userByToken(tokenOf(request.headers));
      const r = await forward();
      if (user) mock.mock.store.revokeUserTokens(user.id, 'breach');
      return relay(reply, r);
    },
    // The spec assumes that a logout ends only its own token (x-assumed): an observation, a failure with --strict.
    expect: [
      /^the run's own session, after the other's logout: getProfile answered 401, expected 2xx: logging one session out ended the others too/,
    ],
    verdict: 'observation',
  },
  {
    name: 'a password change that keeps the old tokens',
    run: { passwordAccount: thora },
    check: 'password-change',
    defect: keepsOldTokens(),
    expect: [
      /^after the password change, old token 1 of 2: getProfile answered 200, expected 401/,
      /^after the password change, old token 2 of 2: getProfile answered 200, expected 401/,
    ],
  },
  {
    name: 'a password change that answers success and changes nothing',
    run: { passwordAccount: thora },
    check: 'password-change',
    defect: ({ path, reply }) =>
      path === '/user/update_password'
        ? send(reply, 200, { message: 'Password updated successfully.', data: [] })
        : undefined,
    expect: [
      /^after the password change, old token 1 of 2: getProfile answered 200, expected 401/,
      /^after the password change, the old password: signin answered 200, expected 4xx/,
      /^after the password change, the new password: signin answered 401, expected 2xx/,
    ],
  },
  {
    name: 'an update that does not store the city',
    run: { allowWrites: true },
    check: 'update-then-read',
    defect: async ({ mock, path, request, reply }) => {
      if (path !== '/client/update') return undefined;
      const { city: _dropped, ...body } = bodyOf(request.body);
      return forwardBody({ mock, request, reply }, body);
    },
    expect: [/^after the update, client\/list shows client \d+'s city as ".*", not ".*" as written/],
  },
  {
    name: 'a client list that does not show an update (a stale cache)',
    run: { allowWrites: true },
    check: 'update-then-read',
    defect: stale('/client/list'),
    expect: [/^after the update, client\/list shows client \d+'s quote_no as ".*", not "QA\d{14}" as written/],
  },
  {
    name: "a company's client list that does not show an update",
    run: { allowWrites: true },
    check: 'update-then-read',
    defect: stale('/client/user_client'),
    expect: [/^after the update, client\/user_client shows client \d+'s city as ".*", not ".*" as written/],
  },
  {
    name: "a delete that leaves the client's rooms readable",
    run: { allowDestructive: true, allowWrites: true, clientId: 146 },
    check: 'deleted-client-gone',
    defect: (() => {
      const rooms = new Map<number, unknown>();
      return async ({ mock, path, request, reply }) => {
        const id = bodyOf(request.body).client_id;
        if (path === '/client/delete') rooms.set(id, mock.mock.store.roomsOfClient(id));
        if (path === '/room/get-by-client-id' && rooms.has(id))
          return send(reply, 200, { message: 'Rooms get successfully.', data: rooms.get(id) });
        return undefined;
      };
    })(),
    expect: [/^after the delete: getRoomsByClientId answered 200, expected 4xx/],
  },
  {
    name: 'a delete that answers success and deletes nothing',
    run: { allowDestructive: true, allowWrites: true, clientId: 146 },
    check: 'deleted-client-gone',
    defect: ({ path, reply }) =>
      path === '/client/delete' ? send(reply, 200, { message: 'Client deleted successfully.', data: [] }) : undefined,
    expect: [
      /^client 146 is still listed by client\/list after its delete/,
      /^client 146 is still listed by client\/user_client/,
    ],
  },
];

for (const c of cases) {
  t.test(c.name, async (t) => {
    const report = await runBroken(t, c.defect, c.run);
    const check = report.results.find((r) => r.id === `sequences:${c.check}`)!;
    t.equal(check.verdict, c.verdict ?? 'fail', `sequences:${c.check}: ${c.verdict ?? 'fail'}`);
    const messages = check.problems.map((p) => p.message);
    for (const e of c.expect)
      t.ok(
        messages.some((m) => e.test(m)),
        `caught: ${e}`,
        { messages: messages.slice(0, 8) },
      );
    t.ok(check.problems[0]?.reproduce?.curl, 'with a reproduction');
  });
}

t.test('the one-call checks miss what the sequences catch', async (t) => {
  const loggedOut = new Set<string>();
  const url = await brokenServer(t, async ({ path, request, reply }) => {
    const token = tokenOf(request.headers);
    if (path === '/user/logout' && token) {
      loggedOut.add(token);
      return send(reply, 200, { message: 'Logged out successfully.', data: [] });
    }
    // Only the profile refuses a logged-out token.
    if (path === '/user/get_profile' && loggedOut.has(token))
      return send(reply, 401, { message: 'Unauthenticated.', status: 401 });
    return undefined;
  });
  const report = await runContracts(
    { baseUrl: url, world: 'default', credentials: demo, timeoutMs: 5000 },
    await spec(),
  );
  const verdict = (id: string) => report.results.find((r) => r.id === id)?.verdict;
  t.equal(verdict('conformance:logout'), 'pass', 'the logout check reads the profile only, and passes');
  t.equal(verdict('sequences:logged-out-token'), 'fail', 'the sequence tries every protected operation');
});

t.test('a failing sequence report holds no token and no password, the new ones included', async (t) => {
  const url = await brokenServer(t, keepsOldTokens());
  const { fetch, seen } = recordingFetch(globalThis.fetch as FetchLike);
  const report = await runContracts(
    { baseUrl: url, world: 'default', credentials: demo, passwordAccount: thora, allowWrites: true, fetch },
    await spec(),
  );
  t.equal(report.results.find((r) => r.id === 'sequences:password-change')?.verdict, 'fail');
  const secrets = secretsIn(seen);
  t.ok(secrets.length > 5, 'the run handled tokens and passwords');
  t.ok(
    seen.some((x) => x.path === '/user/update_password' && x.status === 200 && x.body.new_password !== thora.password),
  );
  for (const [name, render] of Object.entries(REPORTERS)) {
    const text = render(report);
    t.same(
      secrets.filter((s) => text.includes(s)),
      [],
      `${name}: none of them`,
    );
  }
});
