// The records the conformance checks found on the account, which the later
// checks (auth, paging, writes, sequences, fuzz) work on: the contract
// between the checks, kept apart from any one of them.

export interface Discovered {
  userId?: number;
  companyName?: string;
  client?: Record<string, unknown>;
  roomId?: number;
  /** Why roomId is undefined although rooms were listed (none gave an id); the checks it stops name it. */
  noRoomId?: string;
  measurementTypes: Array<{ id: number; name: string }>;
  /** A second session of our own, ended by the logout check. */
  spareToken?: string;
  /** Requests that succeeded, replayed with X-API-Token by the auth checks. */
  reads: Array<{ operationId: string; body?: unknown }>;
}
