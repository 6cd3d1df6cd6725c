// The typed client: platform and token on every call, the base path added once,
// paging followed to the last page, errors as their documented bodies.
import t from 'tap';
import { apiBase, createClient, McsError } from '../../client/index.js';
import { injectFetch } from '../../mock/inject-fetch.js';
import { testMock } from '../helpers/mock.js';

const BASE = 'http://127.0.0.1:4010';

async function setup(t: Parameters<typeof testMock>[0]) {
  const mock = await testMock(t, { rateLimit: false });
  const sent: Request[] = [];
  const answer = injectFetch(mock.app);
  const fetch = async (input: Request) => {
    sent.push(input.clone());
    return answer(input);
  };
  return { mock, sent, fetch };
}

t.test('apiBase adds /api/v1 once, whatever the trailing slashes', async (t) => {
  const cases: Array<[string, string]> = [
    ['http://h:1', 'http://h:1/api/v1'],
    ['http://h:1/', 'http://h:1/api/v1'],
    ['http://h:1/api/v1', 'http://h:1/api/v1'],
    ['http://h:1/api/v1//', 'http://h:1/api/v1'],
  ];
  for (const [given, want] of cases) t.equal(apiBase(given), want, given);
});

t.test('every call carries platform and, once signed in, the bearer token', async (t) => {
  const { sent, fetch } = await setup(t);
  let token: string | undefined;
  const api = createClient({ baseUrl: BASE, platform: 'IOS', token: () => token, apiKey: 'k', fetch });
  const signin = await api.POST('/user/signin', { body: { email: 'demo@example.com', password: 'demo-password' } });
  t.equal(signin.response.status, 200);
  token = signin.data!.data.api_token;
  const profile = await api.POST('/user/get_profile');
  t.equal(profile.data?.data.email, 'demo@example.com');
  t.same(
    sent.map((r) => [r.headers.get('platform'), r.headers.get('api-key'), r.headers.get('authorization')]),
    [
      ['IOS', 'k', null],
      ['IOS', 'k', `Bearer ${token}`],
    ],
  );
});

t.test('pages() follows client/list to its last page, from the page asked', async (t) => {
  const { mock, fetch } = await setup(t);
  const api = createClient({ baseUrl: BASE, platform: 'WEB', token: await mock.signin(), fetch });
  const seen: number[] = [];
  const ids = new Set<number>();
  for await (const page of api.pages('/client/list', { limit: 10 })) {
    seen.push(page.current_page);
    for (const c of page.data) ids.add(c.id);
  }
  t.same(seen, [1, 2, 3, 4, 5], 'the demo account’s 45 clients in pages of 10');
  t.equal(ids.size, 45, 'each client once');
  const fromThree: number[] = [];
  for await (const page of api.pages('/client/list', { limit: 10, page: 3 })) fromThree.push(page.current_page);
  t.same(fromThree, [3, 4, 5]);
});

t.test('pages() throws the documented error of a refused page', async (t) => {
  const { mock, fetch } = await setup(t);
  const api = createClient({ baseUrl: BASE, platform: 'WEB', token: await mock.signin('nosub@example.com'), fetch });
  const pages = api.pages('/client/user_client', { company_name: 'Demo Blinds Co' });
  const error = await pages.next().then(
    () => undefined,
    (e: unknown) => e,
  );
  t.ok(error instanceof McsError);
  t.equal((error as McsError).status, 403);
  t.same((error as McsError).body, { message: 'Subscription required.', status: 403 });
});

t.test('a call without a token answers the documented 401 body as error', async (t) => {
  const { fetch } = await setup(t);
  const api = createClient({ baseUrl: BASE, platform: 'WEB', fetch });
  const r = await api.POST('/client/list', { body: {} });
  t.equal(r.response.status, 401);
  t.match(r.error, { status: 401, message: String });
});
