// Start a child server for a test, wait until it answers, and always stop it:
// the bench's own helpers, one implementation for both.
export { freePort, startAndWait, TS, type Started } from '../../scripts/bench/processes.js';
