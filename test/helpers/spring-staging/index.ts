// A second staging deployment of the Measurement Capture Service, written from
// the interface document alone in the habits of a Spring Boot + Spring Security
// + Jackson + Hibernate backend, with switchable true defects and legitimate
// deviations (switches.ts). Nothing here was modelled on the project's mock.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handler } from './dispatch.js';
import { BASE_PATH } from './http.js';
import { RateLimiter, Tokens } from './security.js';
import { type Accounts, DEFAULT_ACCOUNTS, seedStore } from './seed.js';
import { Store } from './store.js';
import { type DefectName, type DeviationName, Switches } from './switches.js';

export type { Account, Accounts } from './seed.js';
export { DEFAULT_ACCOUNTS } from './seed.js';
export type { DefectName, DeviationName, Mode, SwitchRow } from './switches.js';
export { DEFECT_NAMES, DEFECTS, DEVIATION_NAMES, DEVIATIONS } from './switches.js';

export interface SpringOptions {
  defects?: Iterable<DefectName>;
  deviations?: Iterable<DeviationName>;
  accounts?: Partial<Accounts>;
  seed?: number;
  /** Off unless given; then 60 requests a minute unless the numbers are given. */
  rateLimit?: { limit?: number; windowMs?: number };
}

export interface SpringStaging {
  /** Base URL including /api/v1. */
  url: string;
  store: { disposableClientId: number };
  close(): Promise<void>;
}

export async function startSpringStaging(o: SpringOptions = {}): Promise<SpringStaging> {
  const sw = new Switches(o.defects, o.deviations);
  const store = new Store();
  seedStore(store, { ...DEFAULT_ACCOUNTS, ...o.accounts }, o.seed ?? 20250304);
  const limiter = o.rateLimit ? new RateLimiter(o.rateLimit.limit ?? 60, o.rateLimit.windowMs ?? 60_000) : undefined;
  const server = createServer(handler({ store, tokens: new Tokens(), sw }, limiter));
  // Tomcat's connection timeout keeps a stalled client from holding a worker.
  server.requestTimeout = 20_000;
  server.headersTimeout = 10_000;
  server.keepAliveTimeout = 20_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${BASE_PATH}`,
    store: { disposableClientId: store.disposableClientId },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
