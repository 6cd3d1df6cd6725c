// `mcs-contract-toolkit/usage`: recording what an app does with the API in its
// own tests (createUsageRecorder, for the typed client's `usage` option), and
// reading and merging usage files as spec:diff --usage does (docs/usage.md).
export {
  type Counts,
  emptyUsage,
  mergeUsage,
  type OperationUsage,
  USAGE_FORMAT,
  USAGE_VERSION,
  type UsageFile,
  type UsageSink,
  type UsageSource,
} from './format.js';
export { parseUsage, readUsageFile } from './read.js';
export { createUsageRecorder, type UsageRecorder, type UsageRecorderOptions } from './recorder.js';
