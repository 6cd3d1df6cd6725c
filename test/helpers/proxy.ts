// The validating proxy under test, for the proxy tests (proxy, proxy-hostile):
// proxy() builds one in front of an upstream and collects its log lines;
// upstreamMock() is a listening mock to stand behind it; json, the app's headers.
import type { Test } from 'tap';
import { buildMock } from '../../mock/build.js';
import { buildProxy } from '../../proxy/server.js';
import { spec } from './mock.js';

export const json = { platform: 'WEB', 'content-type': 'application/json' };

export async function upstreamMock(t: Test): Promise<string> {
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  return url;
}

export async function proxy(t: Test, upstream: string, extra: Partial<Parameters<typeof buildProxy>[0]> = {}) {
  const lines: string[] = [];
  const app = await buildProxy({ upstream, spec: await spec(), log: (l) => lines.push(l), ...extra });
  t.teardown(() => app.close());
  return { app, lines };
}
