// The toolkit as a library: the mock, the contract suite, the exchange
// validator and the spec. The typed client is `mcs-contract-toolkit/client`,
// the Mock Service Worker handlers `mcs-contract-toolkit/msw`, the generated
// types `mcs-contract-toolkit/types`, the document `mcs-contract-toolkit/openapi.yaml`.

export {
  type Budgets,
  type CheckResult,
  ContractOptionsError,
  type CoverageReport,
  createExchangeValidator,
  type Exchange,
  type ExchangeValidator,
  type Finding,
  type Problem,
  RunAborted,
  type RunOptions,
  type RunReport,
  redact,
  renderHtml,
  renderHuman,
  renderJson,
  renderJunit,
  runContracts,
  type TimingReport,
  type Verdict,
} from './contracts/index.js';
export { injectFetch, type MockFetch } from './lib/inject-fetch.js';
export { buildMock } from './mock/build.js';
export type { HandlerInput, HandlerTable, OperationId } from './mock/handlers/types.js';
export { type MockOptions, MockOptionsError } from './mock/options.js';
export { type LoadedSpec, loadSpec, SPEC_PATH as specPath } from './spec/load.js';
export type { components, operations, paths } from './spec/types.gen.js';
