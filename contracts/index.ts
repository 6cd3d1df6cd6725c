// The contract suite as a library.

export { redact } from '../lib/redact.js';
export { createExchangeValidator, type Exchange, type ExchangeValidator, type Finding } from '../spec/exchange.js';
export { loadSpec } from '../spec/load.js';
export type { Budgets, CoverageReport, TimingReport } from './measures/types.js';
export { ContractOptionsError } from './options-error.js';
export { REPORTERS, renderHtml, renderHuman, renderJson, renderJunit } from './reporters/index.js';
export { runContracts } from './runner.js';
export type { CheckResult, Problem, RunOptions, RunReport, Verdict } from './types.js';
export { RunAborted } from './types.js';
