// The contract suite as a library.

export { loadSpec } from '../spec/load.js';
export type { CoverageReport } from './coverage.js';
export { createExchangeValidator, type Exchange, type ExchangeValidator, type Finding } from './exchange.js';
export { redact } from './redact.js';
export { REPORTERS, renderHtml, renderHuman, renderJson, renderJunit } from './reporters/index.js';
export { runContracts } from './runner.js';
export type { Budgets, TimingReport } from './timing.js';
export type { CheckResult, Problem, RunOptions, RunReport, Verdict } from './types.js';
export { RunAborted } from './types.js';
