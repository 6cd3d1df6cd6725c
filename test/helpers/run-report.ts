// A RunReport for the reporters' tests, from its results: the summary counts
// the verdicts, so a test writes only the results it is about.
import type { CheckResult, RunReport } from '../../contracts/types.js';

export function runReport(results: CheckResult[], extra: Partial<RunReport> = {}): RunReport {
  const count = (v: CheckResult['verdict']) => results.filter((r) => r.verdict === v).length;
  const operations = new Set(results.flatMap((r) => (r.operationId ? [r.operationId] : []))).size;
  return {
    tool: 'mcs-contracts',
    target: 'https://h/api/v1',
    startedAt: '2026-11-27T00:00:00.000Z',
    modes: ['read-only'],
    results,
    summary: {
      operations: { covered: operations, total: operations, uncovered: [] },
      checks: {
        total: results.length,
        passed: count('pass'),
        failed: count('fail'),
        observations: count('observation'),
        skipped: count('skip'),
      },
      requests: results.length,
      durationMs: 1,
    },
    ...extra,
  };
}
