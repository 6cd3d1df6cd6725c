// Issue 41: mcs-contract-toolkit/msw/browser in Chromium. A page (msw-page/app.js,
// bundled for the browser here with esbuild: a Node-only import fails the bundle)
// registers MSW's service worker with the browser handlers, calls the app's own
// base URL (https://api.example.test, which no network answers) and renders the
// client list: the names come from a running mock, in the page's own world.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { buildMock } from '../../../mock/build.js';
import { launchBrowser } from '../../helpers/browser.js';
import { spec } from '../../helpers/mock.js';

const ROOT = new URL('../../../', import.meta.url);
const WORKER = readFileSync(new URL('node_modules/msw/lib/mockServiceWorker.js', ROOT), 'utf8');
const HTML =
  '<!doctype html><meta charset="utf-8"><title>clients</title><p id="world"></p><ul id="clients"></ul><script type="module" src="/app.js"></script>';

/** The page's script for the browser, and the files it is made of. */
async function bundle(): Promise<{ code: string; inputs: string[] }> {
  const out = await build({
    entryPoints: [new URL('test/e2e/browser/msw-page/app.js', ROOT).pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return { code: out.outputFiles[0]!.text, inputs: Object.keys(out.metafile.inputs) };
}

/** The page, its script and MSW's worker, served from this machine (a dev server's part). */
async function servePage(t: Test, code: string): Promise<string> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const [type, body] =
      path === '/app.js'
        ? ['text/javascript', code]
        : path === '/mockServiceWorker.js'
          ? ['text/javascript', WORKER]
          : ['text/html; charset=utf-8', HTML];
    res.writeHead(path === '/' || type !== 'text/html; charset=utf-8' ? 200 : 404, { 'content-type': type });
    res.end(body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  t.teardown(() => new Promise<void>((ok) => server.close(() => ok())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

type Client = { id: number; name: string; surname: string };

async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('body[data-ready="yes"]').waitFor({ state: 'attached' });
}
const shown = (page: Page) => page.locator('#clients li').allInnerTexts();
const inPage = <T>(page: Page, script: string) => page.evaluate(script) as Promise<T>;

async function mock(t: Test, corsOrigins: string[] = []): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildMock({ spec: await spec(), corsOrigins });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => app.close());
  return { app, base };
}

const journal = async (app: FastifyInstance, world: string) =>
  // Oldest first, as the page made them (the journal lists the newest first).
  ((await app.inject({ url: `/__mock/requests?world=${world}` })).json().requests as JournalEntry[]).reverse();
type JournalEntry = { operationId: string | null; status: number; world: string | null };

t.test('the browser entry bundles for the browser with nothing of Node or Fastify', async (t) => {
  const { inputs } = await bundle();
  t.ok(
    inputs.some((f) => f.endsWith('msw/browser.ts')),
    'the page imports mcs-contract-toolkit/msw/browser',
  );
  t.same(
    inputs.filter((f) => /fastify|^node:|mock\/build/.test(f)),
    [],
    'no fastify, no node: module, not the mock',
  );
});

t.test('two pages, each in its own world, answered by a running mock', async (t) => {
  const { app, base } = await mock(t);
  const site = await servePage(t, (await bundle()).code);
  const browser = await launchBrowser(t);
  if (!browser) return;
  const context = await browser.newContext();
  const [a, b] = [await context.newPage(), await context.newPage()];
  for (const p of [a, b]) p.setDefaultTimeout(30_000);
  await openApp(a, `${site}/?mock=${base}&world=story-a`);
  await openApp(b, `${site}/?mock=${base}&world=story-b`);

  // A 401 without a token: the mock's status, body and exposed headers reach the app as they are.
  const refused = await inPage<{ status: number; body: { message: string }; headers: Record<string, string> }>(
    a,
    "app.call('/client/list', { page: 1 })",
  );
  t.equal(refused.status, 401, "the mock's 401");
  t.match(refused.body, { status: 401, message: String }, 'in the API shape');
  t.match(refused.headers['content-type'], /^application\/json/, 'its content type');
  t.equal(refused.headers['x-mock-error'], 'MCS_ERR_UNAUTHENTICATED', 'the headers the mock exposes: its error code');
  t.equal(refused.headers['x-ratelimit-limit'], '60', 'and the rate limit');

  t.equal(await inPage(a, 'app.signIn()'), 200, 'a signs in');
  t.equal(await inPage(b, 'app.signIn()'), 200, 'b signs in');
  const seeded = await inPage<Client[]>(a, 'app.showClients()');
  t.ok(seeded.length > 0, 'a lists clients');
  const seededNames = seeded.map((c) => `${c.name} ${c.surname}`);
  t.same(await shown(a), seededNames, "a renders the mock's clients");
  t.equal(await a.locator('#world').innerText(), 'story-a', "a's world");
  const [first] = seeded;
  t.equal(await inPage(a, `app.rename(${JSON.stringify(first)}, 'Renamed-in-a')`), 200, 'a renames a client');
  await inPage(a, 'app.showClients()');
  t.equal((await shown(a))[0], `Renamed-in-a ${first!.surname}`, 'a sees its write');
  await inPage(b, 'app.showClients()');
  t.same(await shown(b), seededNames, "b's world does not see a's write");

  // The journal holds each page's calls in its world, none in the default world.
  const ops = (entries: JournalEntry[]) => entries.map((e) => `${e.operationId} ${e.status}`);
  t.same(
    ops(await journal(app, 'story-a')),
    ['listClients 401', 'signin 200', 'listClients 200', 'updateClient 200', 'listClients 200'],
    "a's calls in story-a",
  );
  t.same(ops(await journal(app, 'story-b')), ['signin 200', 'listClients 200'], "b's calls in story-b");
  t.same(await journal(app, 'default'), [], 'none in the default world');
  t.ok(
    (await journal(app, 'story-a')).every((e) => e.world === 'story-a'),
    'each entry names its world',
  );

  // reset() from the page: a's world is the seed's again (its token gone with it).
  await inPage(a, 'app.mock.reset()');
  t.equal(await inPage(a, 'app.signIn()'), 200, 'a signs in again after the reset');
  await inPage(a, 'app.showClients()');
  t.same(await shown(a), seededNames, 'reset gives the seed back');

  // useWorld() as a story's loader calls it: a fresh world, from the seed.
  await inPage(b, `app.rename(${JSON.stringify(first)}, 'Renamed-in-b')`);
  const fresh = await inPage<string>(b, 'app.mock.useWorld()');
  t.match(fresh, /^page-\d{8}T\d{6}Z-[0-9a-f]{6}$/, 'a fresh world name');
  t.equal(await inPage(b, 'app.signIn()'), 200, 'b signs in in its fresh world');
  await inPage(b, 'app.showClients()');
  t.same(await shown(b), seededNames, "the fresh world does not hold story-b's write");
  t.same(ops(await journal(app, fresh)), ['signin 200', 'listClients 200'], 'its calls');
});

t.test('a page on another origin needs --cors-origin, and without it is told so', async (t) => {
  const site = await servePage(t, (await bundle()).code);
  // A dev server on another name (a LAN address, app.local...): here app.test, resolved to this machine and
  // treated as a secure context, as https would make it (a service worker needs one).
  const origin = site.replace('127.0.0.1', 'app.test');
  const browser = await launchBrowser(t, [
    '--host-resolver-rules=MAP app.test 127.0.0.1',
    `--unsafely-treat-insecure-origin-as-secure=${origin}`,
  ]);
  if (!browser) return;
  const refusing = await mock(t);
  const allowing = await mock(t, [origin]);
  const page = await browser.newPage();
  page.setDefaultTimeout(30_000);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });

  await openApp(page, `${origin}/?mock=${refusing.base}&world=lan-page`);
  t.match(
    await inPage<string>(page, "app.signIn().then(() => 'answered', (e) => e.name)"),
    'TypeError',
    'not allowed: the app sees a network error',
  );
  t.ok(
    errors.some(
      (e) => e.includes(`no answer from the mock at ${refusing.base}`) && e.includes(`--cors-origin ${origin}`),
    ),
    `the console says what to check: ${errors.join(' | ')}`,
  );
  t.match(
    await inPage<string>(page, "app.mock.reset().then(() => 'reset', (e) => e.name)"),
    'TypeError',
    'nor may it reset its world',
  );

  await openApp(page, `${origin}/?mock=${allowing.base}&world=lan-page`);
  await inPage(page, 'app.mock.reset()');
  t.equal(await inPage(page, 'app.signIn()'), 200, 'allowed with --cors-origin: signed in');
  t.ok((await inPage<Client[]>(page, 'app.showClients()')).length > 0, 'and the list rendered');
  t.ok((await shown(page)).length > 0, 'in the page');
  t.same(
    (await journal(allowing.app, 'lan-page')).map((e) => e.operationId),
    ['signin', 'listClients'],
    'in its world',
  );
});
