// The modes the verdict tests run the suite in against a staging (read-only; writes with destructive checks;
// fuzz 30 seed 1; the rate limit), shared by the stagings' switch tables and the harness that runs them.
export type Mode = 'read-only' | 'writes' | 'fuzz' | 'rate-limit';
export const MODES: Mode[] = ['read-only', 'writes', 'fuzz', 'rate-limit'];
