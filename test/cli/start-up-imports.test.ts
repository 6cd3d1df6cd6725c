// What the mock's command loads before it serves: not the X.509 library of
// --https (about 200 ms) unless a certificate is made, and not Faker's 70
// locales (about 150 ms) when the world needs English alone.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

t.test('importing the mock command loads no certificate library', async (t) => {
  await import('../../cli/mock.js');
  const loaded = Object.keys(require.cache).filter((k) => /node_modules\/(selfsigned|@peculiar)\//.test(k));
  t.same(loaded, [], 'selfsigned and @peculiar/* are loaded only when --https makes a certificate');
});

t.test('the world imports Faker by its English locale, never the index of every locale', (t) => {
  const importsIndex = readdirSync(join(ROOT, 'fixtures'))
    .filter((f) => f.endsWith('.ts'))
    .filter((f) =>
      /^import\s+(?!type\b)[^;]*from '@faker-js\/faker';/m.test(readFileSync(join(ROOT, 'fixtures', f), 'utf8')),
    );
  t.same(importsIndex, [], 'value imports come from fixtures/faker.ts (@faker-js/faker/locale/en)');
  t.end();
});
