// Start a child server for a test, wait until it answers, and always stop it:
// the bench's own helpers, one implementation for both.
export { freePort, type Started, startAndWait, TS } from '../../scripts/bench/processes.js';
