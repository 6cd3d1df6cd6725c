// The contract suite as a library.
export { createExchangeValidator, type Exchange, type ExchangeValidator, type Finding } from './exchange.js';
export { runContracts } from './runner.js';
export { REPORTERS, renderHtml, renderHuman, renderJson, renderJunit } from './reporters/index.js';
export { redact } from './redact.js';
export type { CheckResult, Problem, RunOptions, RunReport, Verdict } from './types.js';
export { RunAborted } from './types.js';
export { loadSpec } from '../spec/load.js';
