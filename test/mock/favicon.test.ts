// Issue 29: the browser asks every page of the mock for /favicon.ico; a 404
// there was an error in the console of the developer using the mock.
import t from 'tap';
import { testMock } from '../helpers/mock.js';

t.test('/favicon.ico answers a small SVG, cached', async (t) => {
  const mock = await testMock(t);
  const r = await mock.app.inject({ method: 'GET', url: '/favicon.ico' });
  t.equal(r.statusCode, 200);
  t.match(r.headers['content-type'], /^image\/svg\+xml/);
  t.match(r.headers['cache-control'], /max-age=\d+/);
  t.match(r.body, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg".*<\/svg>$/s);
  t.ok(r.body.length < 1024, 'tiny');
});
