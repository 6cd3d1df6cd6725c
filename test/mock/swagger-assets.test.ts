// Issue 29: swagger-ui-dist is a dev dependency (it pulls in @scarf/scarf's
// install telemetry), so the Swagger UI files of /docs come from the copy the
// build vendors beside the page when there is one, and from the installed
// swagger-ui-dist when the mock runs from source. The built case end to end:
// test/e2e/tarball.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { installedSwaggerUi, SWAGGER_UI_SERVED, swaggerUiDir, VENDOR_DIR } from '../../mock/pages/swagger-assets.js';
import { testMock } from '../helpers/mock.js';

function scratch(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcs-vendor-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return `${dir}/`;
}

t.test('built: the vendored copy beside the page is served, swagger-ui-dist not needed', async (t) => {
  const vendor = scratch(t);
  for (const name of SWAGGER_UI_SERVED) writeFileSync(`${vendor}${name}`, name);
  t.equal(
    swaggerUiDir(vendor, () => undefined),
    vendor,
  );
});

t.test('from source: no vendored copy, so the installed swagger-ui-dist', async (t) => {
  const installed = installedSwaggerUi();
  t.match(installed, /node_modules\/swagger-ui-dist\/$/);
  t.equal(swaggerUiDir(scratch(t)), installed);
  t.equal(swaggerUiDir(), installed, 'the source tree has no vendor folder');
  t.match(VENDOR_DIR, /mock\/pages\/docs\/vendor\/$/, 'the build writes beside the page');
});

t.test('a vendored copy missing a file is not used', async (t) => {
  const vendor = scratch(t);
  mkdirSync(vendor, { recursive: true });
  writeFileSync(`${vendor}swagger-ui.css`, '');
  t.equal(swaggerUiDir(vendor), installedSwaggerUi());
});

t.test('neither: an error naming both places', async (t) => {
  const vendor = scratch(t);
  t.throws(() => swaggerUiDir(vendor, () => undefined), {
    message:
      /Swagger UI files are missing: neither .*mcs-vendor-.* \(made by npm run build\) nor an installed swagger-ui-dist/,
  });
});

t.test('/docs/assets/ serves the page’s files and nothing else of the folder', async (t) => {
  const mock = await testMock(t);
  for (const name of SWAGGER_UI_SERVED) {
    const r = await mock.app.inject({ url: `/docs/assets/${name}` });
    t.equal(r.statusCode, 200, name);
  }
  const css = await mock.app.inject({ url: '/docs/assets/swagger-ui.css' });
  t.match(css.headers['content-type'], /^text\/css/);
  for (const url of ['/docs/assets/package.json', '/docs/assets/index.html', '/docs/assets/swagger-ui.js']) {
    const r = await mock.app.inject({ url });
    t.equal(r.statusCode, 404, url);
    t.match(JSON.parse(r.body), { status: 404, message: String }, `${url}: the API's error shape`);
  }
});
