// The typed handle of createMswMock: what a frontend unit test asks of the mock
// beside its app's fetch calls (what the app sent, faults for its error
// screens, worlds), typed by the toolkit's own exported types. Inside this
// repository `app.mock` is typed by a `declare module 'fastify'` augmentation,
// but the published declarations never load that file into an app's program,
// so `mock.app.mock` is TS2339 there: nothing the handle declares goes through it.
// What can be refused goes through the /__mock controls (app.inject), so a
// test gets the refusal the control gives, in the same words.
import type { FastifyInstance } from 'fastify';
import type { FaultBody } from '../mock/controls/fault-checks.js';
import type { FaultRule } from '../mock/controls/fault-rules.js';
import type { JournalEntry, JournalFilter } from '../mock/journal/journal.js';
import type { WorldSize } from '../mock/worlds/registry.js';
import type { WorldInfo } from '../mock/worlds/world.js';

/** The request journal: each exchange the app had with the API, secrets masked. */
export interface MswJournal {
  /** Newest first, filtered as GET /__mock/requests filters (operationId, world, status, after, since, limit). */
  list(filter?: JournalFilter): JournalEntry[];
  /** Exchanges held now (at most the mock's `journalSize`). */
  readonly count: number;
  /** Forgets every exchange, or one world's; says how many went. */
  clear(world?: string): number;
}

/** A fault rule as POST /__mock/faults takes it, and the world it applies in (default: the default world). */
export interface MswFault extends FaultBody {
  world?: string;
}

/** Faults for the app's error screens: each rule answers the calls it matches until its count is spent or cleared. */
export interface MswFaults {
  /** Adds a rule; rules compose (a latency and an answer apply together). A refused one rejects with MockControlError. */
  add(fault: MswFault): Promise<FaultRule>;
  /** The live rules of a world (default: the default world). */
  list(world?: string): readonly FaultRule[];
  /** Drops every rule of a world (default: the default world). */
  clear(world?: string): void;
}

/** The live worlds: each with its own data, sessions, faults and rate limit (the app names one by X-Mock-World). */
export interface MswWorlds {
  /** The live worlds, the default one first. */
  list(): WorldInfo[];
  /** A world with a seed and size of its own (a request naming a new world makes one of the mock's own). */
  create(name: string, size?: WorldSize): Promise<WorldInfo>;
  /** Drops a named world; a world that is not live rejects with MockControlError. */
  drop(name: string): Promise<void>;
  /** Drops every named world (reset() does it too). */
  clear(): Promise<void>;
}

/** A control refused what the handle asked: the control's own message, its error code and status. */
export class MockControlError extends Error {
  override readonly name = 'MockControlError';
  constructor(
    message: string,
    /** The mock's error code (the answer's `x-mock-error`): MCS_ERR_MOCK_CONTROL, MCS_ERR_MOCK_WORLD_EXISTS... */
    readonly code: string,
    readonly status: number,
    /** Messages per field, when the control's body schema refused a field. */
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

interface ControlAnswer {
  message?: string;
  errors?: Record<string, string[]>;
}

type Control = <T>(method: 'POST' | 'DELETE', url: string, body?: object, world?: string) => Promise<T>;

/** A call to a control as the app's fetch would make it (the mock's host), its refusal thrown. */
function controlOf(app: FastifyInstance, host: string): Control {
  return async <T>(method: 'POST' | 'DELETE', url: string, body?: object, world?: string) => {
    const answer = await app.inject({
      method,
      url,
      headers: { host, ...(world === undefined ? {} : { 'x-mock-world': world }) },
      ...(body === undefined ? {} : { payload: body }),
    });
    const parsed = answer.json() as T & ControlAnswer;
    if (answer.statusCode < 300) return parsed;
    const fields = Object.entries(parsed.errors ?? {}).map(([k, v]) => `${k}: ${v.join(' ')}`);
    throw new MockControlError(
      [parsed.message ?? `${method} ${url} answered ${answer.statusCode}`, ...fields].join(' '),
      String(answer.headers['x-mock-error'] ?? ''),
      answer.statusCode,
      parsed.errors,
    );
  };
}

export interface Handle {
  journal: MswJournal;
  faults: MswFaults;
  worlds: MswWorlds;
}

export function handleOf(app: FastifyInstance, host: string): Handle {
  const control = controlOf(app, host);
  const { mock } = app;
  const worldNamed = (name?: string) => (name === undefined ? mock.worlds.default : mock.worlds.get(name));
  return {
    journal: {
      list: (filter) => mock.journal.list(filter),
      get count() {
        return mock.journal.count;
      },
      clear: (world) => mock.journal.clear(world),
    },
    faults: {
      async add({ world, ...rule }) {
        return (await control<{ fault: FaultRule }>('POST', '/__mock/faults', rule, world)).fault;
      },
      list: (world) => worldNamed(world)?.faults.list() ?? [],
      clear: (world) => worldNamed(world)?.faults.clear(),
    },
    worlds: {
      list: () => mock.worlds.list(),
      async create(name, size = {}) {
        return (await control<{ world: WorldInfo }>('POST', '/__mock/worlds', { name, ...size })).world;
      },
      async drop(name) {
        await control('DELETE', `/__mock/worlds/${encodeURIComponent(name)}`);
      },
      clear: () => mock.worlds.clear(),
    },
  };
}
