// Cypress: parallel runs (CI machines, or `cypress run --parallel` shards) share
// one mock, each run in its own world, named by its environment:
//   CYPRESS_MOCK_WORLD=ci-3 npx cypress run
import { defineConfig } from 'cypress';

export default defineConfig({
  e2e: {
    baseUrl: 'http://127.0.0.1:5173',
    supportFile: 'cypress/support/e2e.js',
    env: { MOCK_URL: 'http://127.0.0.1:4010', MOCK_WORLD: 'default' },
  },
});
