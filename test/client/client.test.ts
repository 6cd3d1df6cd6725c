// The typed client: platform and token on every call, the base path added once,
// paging followed to the last page, errors as their documented bodies.
import t from 'tap';
import {
  apiBase,
  createClient,
  DEFAULT_MAX_PAGES,
  McsError,
  McsPagingError,
  McsRedirectError,
} from '../../client/index.js';
import { injectFetch } from '../../lib/inject-fetch.js';
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

t.test('every call carries platform, accept: application/json and, once signed in, the bearer token', async (t) => {
  const { sent, fetch } = await setup(t);
  let token: string | undefined;
  const api = createClient({ baseUrl: BASE, platform: 'IOS', token: () => token, apiKey: 'k', fetch });
  const signin = await api.POST('/user/signin', { body: { email: 'demo@example.com', password: 'demo-password' } });
  t.equal(signin.response.status, 200);
  token = signin.data!.data.api_token;
  const profile = await api.POST('/user/get_profile');
  t.equal(profile.data?.data.email, 'demo@example.com');
  t.same(
    sent.map((r) => [
      r.headers.get('platform'),
      r.headers.get('api-key'),
      r.headers.get('authorization'),
      r.headers.get('accept'),
    ]),
    [
      ['IOS', 'k', null, 'application/json'],
      ['IOS', 'k', `Bearer ${token}`, 'application/json'],
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

// Hostile servers: two listeners on 127.0.0.1 are two origins. Each records
// what reached it (method, URL, headers, body), so a row can say what must
// never arrive at the other origin.
interface Seen {
  method: string;
  url: string;
  headers: import('node:http').IncomingHttpHeaders;
  body: string;
}
type Handler = (req: Seen, res: import('node:http').ServerResponse) => void;

async function server(t: Parameters<typeof testMock>[0], handler: () => Handler) {
  const { createServer } = await import('node:http');
  const seen: Seen[] = [];
  const srv = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(s);
      handler()(s, res);
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => srv.close(() => resolve())));
  const { port } = srv.address() as import('node:net').AddressInfo;
  return { seen, origin: `http://127.0.0.1:${port}` };
}

const json = (res: import('node:http').ServerResponse, status: number, body: unknown, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

t.test('regression: no redirect is followed, so no password, api-key or token reaches another origin', async (t) => {
  let handler: Handler = () => {};
  const api = await server(t, () => handler);
  const other = await server(t, () => (_req, res) => json(res, 200, { message: 'ok', data: [] }));
  const rows: Array<[string, number, string]> = [];
  for (const status of [301, 302, 303, 307, 308]) {
    rows.push([`${status} to another origin`, status, `${other.origin}/api/v1/user/signin`]);
    rows.push([`${status} to the same origin`, status, `${api.origin}/api/v1/user/again`]);
    rows.push([`${status} relative`, status, '/api/v1/user/again']);
    rows.push([`${status} with userinfo`, status, `http://user:pw@127.0.0.1:${new URL(other.origin).port}/x`]);
  }
  for (const [name, status, location] of rows) {
    handler = (req, res) => {
      if (req.url === '/api/v1/user/signin') {
        res.writeHead(status, { location });
        res.end();
      } else json(res, 200, { message: 'followed', data: [] });
    };
    api.seen.length = 0;
    other.seen.length = 0;
    const client = createClient({ baseUrl: api.origin, platform: 'WEB', apiKey: 'static-api-key', token: 'tok-123' });
    const outcome = await client
      .POST('/user/signin', { body: { email: 'demo@example.com', password: 'secret-pw' } })
      .then(
        () => 'answered',
        (e: unknown) => e,
      );
    t.ok(outcome instanceof McsRedirectError, `${name}: refused as a redirect`);
    t.match(outcome, { status, location: location.startsWith('/') ? `${api.origin}${location}` : location }, name);
    t.same([api.seen.length, other.seen.length], [1, 0], `${name}: one request, to the base URL only`);
  }
});

t.test('regression: a call that asks to follow redirects is still not followed', async (t) => {
  const other = await server(t, () => (_req, res) => json(res, 200, { message: 'ok', data: [] }));
  const api = await server(t, () => (_req, res) => {
    res.writeHead(307, { location: `${other.origin}/steal` });
    res.end();
  });
  const client = createClient({ baseUrl: api.origin, platform: 'WEB', apiKey: 'static-api-key' });
  const outcome = await client
    .POST('/user/signin', { body: { email: 'demo@example.com', password: 'secret-pw' }, redirect: 'follow' })
    .catch((e: unknown) => e);
  t.ok(outcome instanceof McsRedirectError);
  t.equal(other.seen.length, 0);
});

t.test('regression: credentials never go to another origin than the base URL, even asked per call', async (t) => {
  const api = await server(t, () => (_req, res) => json(res, 200, { message: 'ok', data: [] }));
  const other = await server(t, () => (_req, res) => json(res, 200, { message: 'ok', data: [] }));
  const client = createClient({ baseUrl: api.origin, platform: 'WEB', apiKey: 'static-api-key', token: 'tok-123' });
  await client.POST('/user/logout', {
    baseUrl: `${other.origin}/api/v1`,
    headers: { 'x-api-token': 'tok-123' },
  } as never);
  t.equal(other.seen.length, 1);
  const h = other.seen[0]!.headers;
  t.same([h.authorization, h['x-api-token'], h['api-key']], [undefined, undefined, undefined], 'none of the three');
  await client.POST('/user/logout');
  t.same(
    [api.seen[0]!.headers.authorization, api.seen[0]!.headers['api-key']],
    ['Bearer tok-123', 'static-api-key'],
    'the base URL still gets them',
  );
});

t.test('regression: pages() ends against a server that never says the last page', async (t) => {
  let answer: (page: number, n: number) => Record<string, unknown> = () => ({});
  const api = await server(t, () => (req, res) => {
    const page = (JSON.parse(req.body) as { page: number }).page;
    json(res, 200, { message: 'ok', data: answer(page, api.seen.length) });
  });
  const other = await server(t, () => (_req, res) => json(res, 200, {}));
  const pageOf = (current: number, last: number, next: string | null = `${api.origin}/api/v1/client/list?page=2`) => ({
    current_page: current,
    last_page: last,
    next_page_url: next,
    data: [{ id: current }],
    first_page_url: '',
    from: 1,
    last_page_url: '',
    links: [],
    path: '',
    per_page: 1,
    prev_page_url: null,
    to: 1,
    total: last,
  });
  const rows: Array<{ name: string; answer: typeof answer; pages: number[]; error?: RegExp; maxPages?: number }> = [
    {
      name: 'next_page_url constant, last_page huge',
      answer: (p) => pageOf(p, 1e9),
      pages: [1, 2, 3, 4, 5],
      error: /5 pages/,
      maxPages: 5,
    },
    { name: 'current_page not advancing', answer: () => pageOf(1, 2), pages: [1], error: /page 2 was asked.*page 1/ },
    {
      name: 'current_page going backwards',
      answer: (p) => pageOf(p === 3 ? 1 : p, 9),
      pages: [1, 2],
      error: /page 3 was asked.*page 1/,
    },
    { name: 'current_page past last_page', answer: () => pageOf(7, 3), pages: [7] },
    { name: 'next_page_url null before last_page', answer: (p) => pageOf(p, 9, null), pages: [1] },
    {
      name: 'next_page_url on another origin',
      answer: (p) => pageOf(p, 3, `${other.origin}/api/v1/client/list?page=${p + 1}`),
      pages: [1, 2, 3],
    },
    {
      name: 'last_page huge: the default cap',
      answer: (p) => pageOf(p, Number.MAX_SAFE_INTEGER),
      pages: Array.from({ length: DEFAULT_MAX_PAGES }, (_, i) => i + 1),
      error: new RegExp(`${DEFAULT_MAX_PAGES} pages`),
    },
  ];
  for (const row of rows) {
    answer = row.answer;
    api.seen.length = 0;
    const client = createClient({
      baseUrl: api.origin,
      platform: 'WEB',
      token: 'tok',
      ...(row.maxPages ? { maxPages: row.maxPages } : {}),
    });
    const seen: number[] = [];
    const error = await (async () => {
      for await (const page of client.pages('/client/list', { limit: 1 })) {
        seen.push(page.current_page);
        if (seen.length > DEFAULT_MAX_PAGES + 10) break; // the unfixed client never ended
      }
    })().then(
      () => undefined,
      (e: unknown) => e,
    );
    t.same(seen, row.pages, `${row.name}: pages`);
    if (row.error) {
      t.ok(error instanceof McsPagingError, `${row.name}: a paging error`);
      t.match((error as Error)?.message, row.error, row.name);
    } else t.equal(error, undefined, `${row.name}: ends`);
    t.equal(other.seen.length, 0, `${row.name}: nothing sent to another origin`);
  }
});
