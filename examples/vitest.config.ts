// Runs the examples against this checkout's source, under the names an app imports them by.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      'mcs-contract-toolkit/client': here('../client/index.ts'),
      'mcs-contract-toolkit/msw': here('../msw/index.ts'),
    },
  },
  test: { include: ['examples/**/*.test.ts'], root: here('..') },
});
