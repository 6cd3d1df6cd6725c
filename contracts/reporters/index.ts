import type { RunReport } from '../types.js';
import { renderHtml } from './html.js';
import { renderHuman } from './human.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';

export type ReporterName = 'human' | 'json' | 'junit' | 'html';
export const REPORTERS: Record<ReporterName, (r: RunReport) => string> = {
  human: renderHuman,
  json: renderJson,
  junit: renderJunit,
  html: renderHtml,
};
export { renderHtml } from './html.js';
export { progressLine, renderHuman } from './human.js';
export { renderJson } from './json.js';
export { renderJunit } from './junit.js';
