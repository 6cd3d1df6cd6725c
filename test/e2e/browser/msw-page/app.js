// A tiny app as a Storybook story or a Vite page runs it: MSW's worker started
// with the handlers of mcs-contract-toolkit/msw/browser, then plain fetch calls
// to the app's own base URL, rendered into the page. The page's address names
// the mock (?mock=) and the world (?world=, none: a fresh one); the test drives
// the app through window.app. Bundled for the browser by
// test/e2e/browser/msw-browser.test.ts with esbuild.
import { setupWorker } from 'msw/browser';
import { createBrowserMock } from '../../../../msw/browser.ts';

const BASE = 'https://api.example.test';
const params = new URLSearchParams(location.search);
const mock = createBrowserMock({
  baseUrl: BASE,
  mockUrl: params.get('mock') ?? undefined,
  world: params.get('world') ?? undefined,
  timeoutMs: 10_000,
});
let token;

async function call(path, body) {
  const r = await fetch(`${BASE}/api/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      platform: 'WEB',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json(), headers: Object.fromEntries(r.headers) };
}

async function signIn() {
  const r = await call('/user/signin', { email: 'demo@example.com', password: 'demo-password' });
  token = r.body.data?.api_token;
  return r.status;
}

/** The first clients' names in #clients, as a list screen shows them. */
async function showClients() {
  const r = await call('/client/list', { page: 1 });
  const list = document.getElementById('clients');
  list.replaceChildren(
    ...r.body.data.data.map((c) => {
      const li = document.createElement('li');
      li.dataset.id = String(c.id);
      li.textContent = `${c.name} ${c.surname}`;
      return li;
    }),
  );
  document.getElementById('world').textContent = mock.world;
  return r.body.data.data;
}

async function rename(client, name) {
  const { id, surname, email } = client;
  return (await call('/client/update', { client_id: id, name, surname, email })).status;
}

window.app = { mock, call, signIn, showClients, rename, forgetToken: () => (token = undefined) };
await setupWorker(...mock.handlers).start({
  serviceWorker: { url: '/mockServiceWorker.js' },
  onUnhandledRequest: 'error',
  quiet: true,
});
document.body.dataset.ready = 'yes';
