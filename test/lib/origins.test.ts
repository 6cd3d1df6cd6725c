import t from 'tap';
import { isAllowedOrigin, normalizeOrigin, parseOrigin } from '../../lib/origins.js';

t.test('isAllowedOrigin', async (t) => {
  const cases: Array<[string | undefined, string[], boolean]> = [
    ['http://localhost:5173', [], true],
    ['https://127.0.0.1', [], true],
    ['http://[::1]:3000', [], true],
    ['http://localhost.evil.example', [], false],
    ['http://evil.example', [], false],
    [undefined, [], false],
    ['null', ['null'], false],
    ['http://192.168.1.20:5173', ['http://192.168.1.20:5173'], true],
    ['HTTP://Preview.Example.COM', ['https://preview.example.com', 'http://preview.example.com/'], true],
    ['http://192.168.1.20:5174', ['http://192.168.1.20:5173'], false],
  ];
  for (const [origin, extra, want] of cases) t.equal(isAllowedOrigin(origin, extra), want, `${origin} with [${extra}]`);
  t.equal(normalizeOrigin(' https://A.example/ '), 'https://a.example');
});

t.test(
  'parseOrigin: scheme, host and port only, normalised; the mock, the proxy and both CLIs take the same',
  async (t) => {
    const cases: Array<[string, string | undefined]> = [
      ['http://192.168.1.20:5173', 'http://192.168.1.20:5173'],
      ['http://192.168.1.20:5173/', 'http://192.168.1.20:5173'],
      ['HTTPS://Preview.Example.COM', 'https://preview.example.com'],
      ['http://[::1]:5173', 'http://[::1]:5173'],
      ['http://[2001:DB8::1]', 'http://[2001:db8::1]'],
      ['https://a.example:443', 'https://a.example'],
      // Before issue 27 the proxy took this one and the mock refused it.
      ['http://192.168.1.20:5173/?x=1', undefined],
      ['http://a.example/app', undefined],
      ['http://a.example//', undefined],
      ['http://a.example?', undefined],
      ['http://a.example#top', undefined],
      ['http://user:pass@a.example', undefined],
      ['http://@a.example', undefined],
      ['*', undefined],
      ['http://*.a.example', undefined],
      ['ftp://a.example', undefined],
      ['a.example', undefined],
      ['http://', undefined],
      ['http://a.example:99999', undefined],
      ['null', undefined],
    ];
    for (const [raw, want] of cases) t.equal(parseOrigin(raw), want, raw);
  },
);
