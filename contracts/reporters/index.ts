import type { RunReport } from '../types.js';
import { renderGithub } from './github.js';
import { renderHtml } from './html.js';
import { renderHuman } from './human.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderSpecPatch } from './spec-patch.js';
import { renderSummary } from './summary.js';

export type ReporterName = 'human' | 'json' | 'junit' | 'html' | 'spec-patch' | 'summary' | 'github';
export const REPORTERS: Record<ReporterName, (r: RunReport) => string> = {
  human: renderHuman,
  json: renderJson,
  junit: renderJunit,
  html: renderHtml,
  'spec-patch': renderSpecPatch,
  summary: renderSummary,
  github: (r) => renderGithub(r),
};
export { renderGithub } from './github.js';
export { renderHtml } from './html.js';
export { progressLine, renderHuman } from './human.js';
export { renderJson } from './json.js';
export { renderJunit } from './junit.js';
export { renderSpecPatch, specPatchOf } from './spec-patch.js';
export { renderSummary } from './summary.js';
