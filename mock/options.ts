// Options in, resolved context out: every default of the mock is named here.
import { DEFAULT_CLIENTS, DEFAULT_SEED, GeneratedWorld, MAX_CLIENTS } from '../fixtures/world.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../lib/base-url.js';
import { isLoopback } from '../lib/loopback.js';
import {
  boolean,
  checkRules,
  fn,
  list,
  type Naming,
  OptionsError,
  object,
  origin,
  rangeRules,
  text,
} from '../lib/options-error.js';
import { type InterfacesOf, systemInterfaces } from '../lib/this-machine.js';
import { nearest } from '../lib/words.js';
import { type SpecFacts, specFacts } from '../spec/facts.js';
import { type LoadedSpec, loadSpec } from '../spec/load.js';
import { type ErrorCatalogue, errorCatalogue } from './errors.js';
import type { HandlerTable } from './handlers/types.js';
import { type MockLists, mockLists } from './lists.js';
import { type LoadedState, loadState, STATE_LIMIT } from './state/file.js';
import { lockStateFile, type StateLock } from './state/lock.js';
import { StoreBudget } from './store/budget.js';
import { seedSpecExamples } from './store/example-seeds.js';
import { MemoryStore } from './store/memory-store.js';
import type { StateSnapshot, Store } from './store/store.js';
import { DEFAULT_MAX_WORLDS } from './worlds/registry.js';

export const DEFAULTS = {
  host: DEFAULT_HOST,
  port: DEFAULT_PORT,
  seed: DEFAULT_SEED,
  clients: DEFAULT_CLIENTS,
  /** Size limits are not shown; 1 MiB (x-assumed in the spec, response 413). */
  bodyLimit: 1_048_576,
  /** JSON bodies nest at most this deep (the spec's need 4); deeper is a 400 before parsing, never a stack overflow. */
  maxBodyDepth: 32,
  /** Upper bound on injected latency, so a control can never hang a client for long. */
  maxLatencyMs: 30_000,
  /** Exchanges the request journal keeps (0 turns it off). */
  journal: 200,
  /** Bytes a state file and its log hold at most; a write past it is refused (503), a bigger file not read. */
  stateLimit: STATE_LIMIT,
  /** Worlds live at once (X-Mock-World): the default one and up to 999 named ones. */
  maxWorlds: DEFAULT_MAX_WORLDS,
  /** Bytes one world's writes hold in memory at most (x-assumed; mock/store/budget.ts weighs them); past it a write is a 507. */
  worldLimit: 64 * 1024 * 1024,
  /** Bytes every live world's writes hold together at most (a world resting on disk, with --state-file, holds none). */
  worldsLimit: 256 * 1024 * 1024,
} as const;

/** The whole numbers each option takes, from and to: the CLI's flags take the same. */
export const MOCK_LIMITS = {
  seed: [0, 2 ** 31 - 1],
  clients: [1, MAX_CLIENTS],
  journal: [0, 100_000],
  bodyLimit: [1, Number.MAX_SAFE_INTEGER],
  stateLimit: [1, Number.MAX_SAFE_INTEGER],
  'rateLimit.max': [1, Number.MAX_SAFE_INTEGER],
  'rateLimit.windowMs': [1, Number.MAX_SAFE_INTEGER],
  maxWorlds: [1, 100_000],
  worldLimit: [1, Number.MAX_SAFE_INTEGER],
  worldsLimit: [1, Number.MAX_SAFE_INTEGER],
} as const satisfies Record<string, readonly [number, number]>;

/** Options buildMock cannot take; `options` names them as MockOptions does. */
export class MockOptionsError extends OptionsError {
  static readonly code = 'MCS_ERR_MOCK_OPTIONS';
  constructor(words: (name: Naming) => string) {
    super(MockOptionsError.code, words);
  }
}

const MOCK_RULES = {
  ...rangeRules(MOCK_LIMITS),
  rateLimit: (v: unknown) =>
    v === false || object(v) === undefined ? undefined : 'must be false or { max, windowMs }',
  stateFile: text,
  logger: boolean,
  spec: object,
  now: fn,
  onStateError: fn,
  networkInterfaces: fn,
  host: text,
  controlsFromNetwork: boolean,
  corsOrigins: list,
  'corsOrigins[]': origin,
  handlers: object,
};

/** A PEM text or its bytes (Fastify's `https` takes either). */
const isPem = (v: unknown) => (typeof v === 'string' && v.includes('-----BEGIN ')) || Buffer.isBuffer(v);

/** `https` holds a private key: checked by hand, as no message may show its value. */
function checkHttps(https: unknown): void {
  if (https === undefined) return;
  const pair = https as { key?: unknown; cert?: unknown };
  if (object(https) || !isPem(pair.key) || !isPem(pair.cert))
    throw new MockOptionsError(
      (name) => `${name('https')} must be { key, cert }, each a PEM text or a Buffer (the value given is not shown)`,
    );
}

/** Every option given is checked here, before anything is read or locked. */
function checkOptions(options: MockOptions): void {
  if (object(options)) throw new MockOptionsError(() => 'the options must be an object');
  checkRules(options, MOCK_RULES, (words) => new MockOptionsError(words));
  checkHttps(options.https);
  for (const [id, handler] of Object.entries(options.handlers ?? {}))
    if (typeof handler !== 'function')
      throw new MockOptionsError((name) => `${name(`handlers.${id}`)} must be a function`);
}

/** A replaced handler names an operation of the spec: a mistyped one would silently replace nothing. */
function checkHandlerNames(handlers: MockOptions['handlers'], spec: LoadedSpec): void {
  const ids = spec.operations.map((o) => o.operationId);
  for (const id of Object.keys(handlers ?? {})) {
    if (ids.includes(id)) continue;
    const guess = nearest(id, ids);
    throw new MockOptionsError(
      (name) => `${name(`handlers.${id}`)} names no operationId of the spec${guess ? ` (did you mean ${guess}?)` : ''}`,
    );
  }
}

export interface MockOptions {
  seed?: number;
  clients?: number;
  /** false turns the rate limit off; numbers given replace the spec's (x-rate-limit). */
  rateLimit?: false | { max?: number; windowMs?: number };
  stateFile?: string;
  /** Bytes the state file and its log may hold together (default 256 MiB). */
  stateLimit?: number;
  bodyLimit?: number;
  logger?: boolean;
  spec?: LoadedSpec;
  /** The clock; tests may fix it. */
  now?: () => Date;
  /**
   * This machine's network interfaces, as `os.networkInterfaces()` gives them (the default, read when a
   * request comes from, or names, an address that is not loopback); tests may fake them. A request from
   * one of their addresses, or naming one as its Host, is from this machine (lib/this-machine.ts).
   */
  networkInterfaces?: InterfacesOf;
  /** Told when the state file cannot be written (default: the app's logger, at error level). */
  onStateError?: (err: Error) => void;
  /** Exchanges the request journal keeps; 0 turns it off. */
  journal?: number;
  /** The address the CLI listens on: a Host header naming it may reach the controls. */
  host?: string;
  /**
   * Let other machines (a request whose connection is not from loopback) use the controls under
   * `/__mock`, the console and the reset-token mailbox (CLI: `--lan-controls`). Off by default: they
   * answer this machine only, whatever Host a request sends; the API answers everyone.
   */
  controlsFromNetwork?: boolean;
  /** Browser origins allowed beyond this machine's own (exact, e.g. `http://192.168.1.20:5173`). */
  corsOrigins?: string[];
  /** Handlers that replace the mock's own, by operationId (custom behaviour, tests). */
  handlers?: Partial<HandlerTable>;
  /** Serve over TLS with this key and certificate (PEM); the CLI's --https makes them (docs/mobile.md). */
  https?: { key: string | Buffer; cert: string | Buffer };
  /** Worlds live at once, the default one included (default 1000); see docs/mock.md#worlds. */
  maxWorlds?: number;
  /** Bytes one world's writes may hold in memory (default 64 MiB); a write past it is refused (507). */
  worldLimit?: number;
  /** Bytes all live worlds' writes may hold together (default 256 MiB). */
  worldsLimit?: number;
}

export interface MockContext {
  seed: number;
  clients: number;
  rateLimit: false | { max: number; windowMs: number };
  stateFile?: string;
  /** Held while the mock uses the state file; released on close. Its path is the file itself (links resolved). */
  stateLock?: StateLock;
  /** What the state file held at start (undefined: none yet). */
  stateLoaded?: LoadedState;
  stateLimit: number;
  /** Told when the state file cannot be written; unset, the app's logger is (the library never prints). */
  onStateError?: (err: Error) => void;
  bodyLimit: number;
  maxBodyDepth: number;
  maxLatencyMs: number;
  logger: boolean;
  spec: LoadedSpec;
  /** Platform values, rate limit and header names, as the spec states them. */
  facts: SpecFacts;
  /** The error catalogue, its fixed texts read from the spec: every error the mock sends is made with it. */
  errors: ErrorCatalogue;
  /** How lists page, order and search, and what a client without rooms gets: the spec's x-list and x-no-rooms. */
  lists: MockLists;
  now: () => Date;
  corsOrigins: readonly string[];
  journal: number;
  handlers: Partial<HandlerTable>;
  /** Host names besides this machine's loopback names that may reach the controls. */
  controlHosts: string[];
  /** The mock listens on every address (`--host 0.0.0.0` or `::`): a Host that is an IP literal may make a world. */
  anyAddress: boolean;
  /** The mock listens beyond loopback (`host` given, not loopback): other machines may make worlds through the API. */
  onNetwork: boolean;
  /** Other machines may use the controls too (`controlsFromNetwork`); off, only this machine's peers may. */
  controlsFromNetwork: boolean;
  /** This machine's interfaces, read when a peer or a Host is not loopback: their addresses are this machine's. */
  interfaces: InterfacesOf;
  /** The TLS key and certificate, when the app serves HTTPS. */
  https?: { key: string | Buffer; cert: string | Buffer };
  /** Where the first store came from: a fresh seed or the state file. */
  origin: 'seed' | 'state-file';
  /** Builds the store anew from the seed (the reset control). */
  freshStore: () => Store;
  /** The generated world every world of the mock's own seed and size shares. */
  world: GeneratedWorld;
  /** A store over a generated world, with the spec's examples seeded (a new world), or over what a state file saved. */
  storeOf: (world: GeneratedWorld, saved?: StateSnapshot) => Store;
  maxWorlds: number;
  /** The bytes the worlds' writes may hold, shared by every store storeOf makes; the registry tells it their total. */
  storeBudget: StoreBudget;
}

/** The context, and the store to start with: the context keeps none, as reset replaces it (see StoreHolder). */
export async function resolveOptions(options: MockOptions = {}): Promise<{ ctx: MockContext; store: Store }> {
  checkOptions(options);
  const seed = options.seed ?? DEFAULTS.seed;
  const clients = options.clients ?? DEFAULTS.clients;
  const now = options.now ?? (() => new Date());
  const spec = options.spec ?? (await loadSpec());
  checkHandlerNames(options.handlers, spec);
  const facts = specFacts(spec);
  // Before the lock is taken: a spec without the texts the catalogue reads fails here, holding nothing.
  const errors = errorCatalogue(spec);
  const lists = mockLists(spec);
  const { requests, windowSeconds } = facts.rateLimit;
  const stateLimit = options.stateLimit ?? DEFAULTS.stateLimit;
  // Locked before it is read: no other mock may be writing it meanwhile.
  const stateLock = options.stateFile ? await lockStateFile(options.stateFile) : undefined;
  // A loaded world keeps its own seed and size (reset makes it again from them); made once, checked against, kept.
  let made: GeneratedWorld | undefined;
  const worldOf = (s: number, c: number) => (made ??= new GeneratedWorld({ seed: s, clients: c }));
  let loaded: LoadedState | undefined;
  try {
    loaded = stateLock ? await loadState(stateLock.path, { spec, limit: stateLimit, world: worldOf }) : undefined;
  } catch (err) {
    stateLock?.release();
    throw err;
  }
  const saved = loaded?.snapshot;
  const world = worldOf(saved?.seed ?? seed, saved?.clients ?? clients);
  const storeBudget = new StoreBudget(
    { world: options.worldLimit ?? DEFAULTS.worldLimit, worlds: options.worldsLimit ?? DEFAULTS.worldsLimit },
    (bound, bytes) => errors.STORE_FULL(bound, bytes),
  );
  // Bound after it is made: what a state file saved, and the spec's examples, load whatever their size.
  const storeOf = (gen: GeneratedWorld, saved?: StateSnapshot): Store => {
    const store = saved ? new MemoryStore(saved, now, gen) : new MemoryStore(gen, now);
    if (!saved) seedSpecExamples(store, spec);
    store.bound(storeBudget);
    return store;
  };
  // The generated world never changes (writes go to the store's overlay), so every reset, and every world, shares it.
  const freshStore = () => storeOf(world);
  const ctx: MockContext = {
    seed: world.seed,
    clients: world.size,
    rateLimit:
      options.rateLimit === false ? false : { max: requests, windowMs: windowSeconds * 1000, ...options.rateLimit },
    stateFile: options.stateFile,
    stateLock,
    stateLoaded: loaded,
    stateLimit,
    onStateError: options.onStateError,
    bodyLimit: options.bodyLimit ?? DEFAULTS.bodyLimit,
    maxBodyDepth: DEFAULTS.maxBodyDepth,
    maxLatencyMs: DEFAULTS.maxLatencyMs,
    logger: options.logger ?? false,
    spec,
    facts,
    errors,
    lists,
    now,
    corsOrigins: options.corsOrigins ?? [],
    handlers: options.handlers ?? {},
    journal: options.journal ?? DEFAULTS.journal,
    controlHosts:
      options.host && !['0.0.0.0', '::'].includes(options.host)
        ? [options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host]
        : [],
    anyAddress: ['0.0.0.0', '::'].includes(options.host ?? ''),
    onNetwork: options.host !== undefined && !isLoopback(options.host),
    controlsFromNetwork: options.controlsFromNetwork ?? false,
    interfaces: options.networkInterfaces ?? systemInterfaces,
    origin: saved ? 'state-file' : 'seed',
    https: options.https,
    freshStore,
    world,
    storeOf,
    maxWorlds: options.maxWorlds ?? DEFAULTS.maxWorlds,
    storeBudget,
  };
  return { ctx, store: saved ? storeOf(world, saved) : freshStore() };
}
