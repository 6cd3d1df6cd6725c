import t from 'tap';
import { isAllowedOrigin, normalizeOrigin } from '../../lib/origins.js';

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
