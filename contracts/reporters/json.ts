// The report as data, with the repeated causes added beside the per-check results (which stay as they are).
import type { RunReport } from '../types.js';
import { groupCauses } from './causes.js';

export function renderJson(report: RunReport): string {
  return `${JSON.stringify({ ...report, causes: groupCauses(report.results) }, null, 2)}\n`;
}
