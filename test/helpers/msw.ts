// The MSW mock of a test file, listening through msw/node for the whole file:
// every unhandled request is an error, and the server and the mock close at its end.
import { setupServer } from 'msw/node';
import type { Test } from 'tap';
import { createMswMock, type MswMock, type MswMockOptions } from '../../msw/index.js';

export async function mswServer(t: Test, options: MswMockOptions): Promise<MswMock> {
  const mock = await createMswMock(options);
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  t.teardown(async () => {
    server.close();
    await mock.close();
  });
  return mock;
}
