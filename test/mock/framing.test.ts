// The pages /docs and /__mock/ui could be framed by any site (issue 26): a
// hostile page could lay the console's buttons (reset, plans, faults) under
// its own and have a user click them. Every answer of both pages, their
// assets and the console's state now refuses framing, in both headers
// browsers read (CSP frame-ancestors, and X-Frame-Options for older ones).
import t from 'tap';
import { testMock } from '../helpers/mock.js';

const PAGES = [
  '/docs',
  '/docs/docs.js',
  '/docs/assets/swagger-ui.css',
  '/docs/assets/swagger-ui-bundle.js',
  '/__mock/ui',
  '/__mock/ui/',
  '/__mock/ui/console.js',
  '/__mock/ui/journal-rows.js',
  '/__mock/ui/worlds.js',
  '/__mock/ui/console.css',
  '/__mock/ui/state',
  '/%5F_mock/ui',
];

t.test('regression: /docs and /__mock/ui, their assets and state refuse to be framed', async (t) => {
  const mock = await testMock(t);
  for (const url of PAGES) {
    const r = await mock.app.inject({ url });
    t.equal(r.statusCode, 200, `${url} is served`);
    t.match(r.headers['content-security-policy'], /(^|;)\s*frame-ancestors 'none'\s*(;|$)/, `${url}: CSP`);
    t.equal(r.headers['x-frame-options'], 'DENY', `${url}: X-Frame-Options`);
  }
  const refused = await mock.app.inject({ url: '/__mock/ui', headers: { host: 'attacker.example' } });
  t.equal(refused.statusCode, 403);
  t.equal(refused.headers['x-frame-options'], 'DENY', 'a refusal is not framed either');
});
