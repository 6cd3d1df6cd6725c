#!/usr/bin/env node

// npm start [-- flags]: the only place the mock listens.

import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS } from '../fixtures/reference.js';
import { ORIGIN_RULE, parseOrigin } from '../lib/origins.js';
import { keepTickShape } from '../lib/tick-shape.js';
import { buildMock } from '../mock/build.js';
import { DEFAULTS, MOCK_LIMITS, type MockContext, type MockOptions, MockOptionsError } from '../mock/options.js';
import { StateFileError } from '../mock/state/file.js';
import {
  type Args,
  flag,
  nonEmpty,
  parseCommand,
  type Refusal,
  refuse,
  runMain,
  SERVING,
  stopOnSignal,
  value,
  wholeNumber,
} from './kit/command.js';
import { refuseOptions } from './kit/option-names.js';
import { outputProblem } from './kit/outputs.js';
import { within } from './kit/ranges.js';
import { startUsageOut } from './kit/usage-out.js';
import { type Interfaces, isLoopback, lanAddresses } from './network/addresses.js';
import { certDirProblem } from './network/cert-dir.js';
import { certificateFor, DEFAULT_CERT_DIR, type MockCertificate } from './network/certificate.js';
import { certificateNames, ipv6Lines, reachLines, tlsLines } from './network/lines.js';
import { listenFailure } from './network/listen-failure.js';

/** An origin as browsers send it (lib/origins.ts: the proxy's flag and both libraries take the same). */
function origin(raw: string, name: string): string {
  const parsed = parseOrigin(raw);
  if (parsed === undefined) throw new Error(`--${name} takes ${ORIGIN_RULE}, not "${raw}"`);
  return parsed;
}

export const MOCK_COMMAND = {
  name: 'mock',
  synopsis: 'npm start -- [options]',
  bin: 'mcs-mock',
  options: {
    port: value('N', 'port to listen on', { parse: wholeNumber(0, 65535), default: DEFAULTS.port }),
    host: value('HOST', 'address to bind', { parse: nonEmpty('an address'), shownDefault: DEFAULTS.host }),
    seed: value('N', 'seed of the generated world', {
      parse: within(MOCK_LIMITS.seed),
      default: DEFAULTS.seed,
    }),
    clients: value('N', 'number of clients in the world', {
      parse: within(MOCK_LIMITS.clients),
      default: DEFAULTS.clients,
    }),
    'no-rate-limit': flag("turn off the spec's rate limit (x-rate-limit)"),
    'state-file': value('PATH', 'keep state across restarts in PATH (JSON, with its log in PATH.log)', {
      parse: nonEmpty('a path'),
    }),
    'cors-origin': value('URL', 'a browser origin allowed beyond this machine, e.g. http://192.168.1.20:5173', {
      parse: origin,
      repeatable: true,
    }),
    journal: value('N', 'exchanges the request journal keeps, 0 for none', {
      parse: within(MOCK_LIMITS.journal),
      default: DEFAULTS.journal,
    }),
    https: flag('serve over TLS with a certificate made on first use and reused (docs/mobile.md)'),
    'cert-dir': value('DIR', 'where --https keeps its certificate authority, certificate and keys', {
      parse: nonEmpty('a directory'),
      shownDefault: DEFAULT_CERT_DIR,
    }),
    'max-worlds': value('N', 'worlds live at once (X-Mock-World), the default one included', {
      parse: within(MOCK_LIMITS.maxWorlds),
      default: DEFAULTS.maxWorlds,
    }),
    'world-limit': value('BYTES', "bytes one world's writes may hold in memory; past it a write is a 507", {
      parse: within(MOCK_LIMITS.worldLimit),
      default: DEFAULTS.worldLimit,
    }),
    'worlds-limit': value('BYTES', "bytes all live worlds' writes may hold together", {
      parse: within(MOCK_LIMITS.worldsLimit),
      default: DEFAULTS.worldsLimit,
    }),
    'usage-out': value(
      'FILE',
      'write what apps called and sent (GET /__mock/usage, all worlds) to FILE every 10 s and at exit; spec:diff --usage reads it',
      {
        parse: nonEmpty('a file'),
      },
    ),
    'lan-controls': flag(
      'with --host beyond this machine: let other machines use /__mock (the controls, the console, the reset-token mailbox)',
    ),
  },
  flagOf: {
    corsOrigins: 'cors-origin',
    maxWorlds: 'max-worlds',
    worldLimit: 'world-limit',
    worldsLimit: 'worlds-limit',
    controlsFromNetwork: 'lan-controls',
  },
};

export interface CliSettings {
  host: string;
  port: number;
  options: MockOptions;
  /** World flags given on the command line (a loaded state file overrides them). */
  worldFlags: string[];
  /** With --https: the directory of its certificate. */
  tls?: { dir: string };
  /** --usage-out: where the usage is written. */
  usageOut?: string;
}

export type Parsed = { ok: true; settings: CliSettings } | Refusal;

function settings({ values, given }: Args<typeof MOCK_COMMAND.options>): CliSettings {
  if (given.has('cert-dir') && !values.https) throw new Error('--cert-dir is used only with --https');
  // On loopback every peer is this machine: the flag would open nothing, and reads as if it did.
  if (values['lan-controls'] && isLoopback(values.host ?? DEFAULTS.host))
    throw new Error('--lan-controls is used only with a --host beyond this machine (e.g. --host 0.0.0.0)');
  const certDir = values['cert-dir'] ?? DEFAULT_CERT_DIR;
  const problem = values.https ? certDirProblem(certDir) : undefined;
  if (problem) throw new Error(`--cert-dir ${problem}`);
  const usageOut = values['usage-out'];
  const unwritable = usageOut === undefined ? undefined : outputProblem(usageOut);
  if (unwritable) throw new Error(`--usage-out ${usageOut}: ${unwritable}`);
  return {
    ...(usageOut ? { usageOut } : {}),
    ...(values.https ? { tls: { dir: certDir } } : {}),
    host: values.host ?? DEFAULTS.host,
    port: values.port,
    worldFlags: ['seed', 'clients'].filter((f) => given.has(f)).map((f) => `--${f}`),
    options: {
      seed: values.seed,
      clients: values.clients,
      rateLimit: values['no-rate-limit'] ? false : undefined,
      stateFile: values['state-file'],
      journal: values.journal,
      maxWorlds: values['max-worlds'],
      worldLimit: values['world-limit'],
      worldsLimit: values['worlds-limit'],
      ...(values.host !== undefined ? { host: values.host } : {}),
      ...(given.has('cors-origin') ? { corsOrigins: values['cors-origin'] } : {}),
      ...(values['lan-controls'] ? { controlsFromNetwork: true } : {}),
    },
  };
}

export function parseMockArgs(argv: string[]): Parsed {
  return parseCommand(MOCK_COMMAND, argv, (args) => ({ ok: true, settings: settings(args) }));
}

export interface WorldFacts {
  origin: 'seed' | 'state-file';
  seed: number;
  clients: number;
  rateLimit: MockContext['rateLimit'];
}

/** `reach`: the lines of the URLs other devices use (cli/network/lines.ts), under the first. */
export function banner(url: string, settings: CliSettings, world: WorldFacts, reach: string[] = []): string {
  const o = settings.options;
  const fromFile = world.origin === 'state-file';
  const ignored =
    fromFile && settings.worldFlags.length
      ? ` (${settings.worldFlags.join(' and ')} ignored: the file's world is used)`
      : '';
  const lines = [
    `Measurement Capture Service mock listening on ${url}/api/v1`,
    ...reach,
    `  world: seed ${world.seed}, ${world.clients} clients (${fromFile ? `loaded from ${o.stateFile}` : 'fresh from the seed'})${ignored}`,
    `  rate limit: ${world.rateLimit === false ? 'off' : `${world.rateLimit.max} requests/${world.rateLimit.windowMs === 60_000 ? 'minute' : `${world.rateLimit.windowMs / 1000} s`} per user (per address before sign-in)`}`,
    'Demo accounts:',
    ...DEMO_ACCOUNTS.map((a) => `  ${a.email} / ${a.password}  (${a.note})`),
    `API reference: ${url}/docs  (spec: ${url}/openapi.yaml)`,
    `Mock console: ${url}/__mock/ui`,
    `Mock controls: ${url}/__mock/accounts, /__mock/reset, /__mock/subscription, /__mock/tokens/invalidate, /__mock/faults, /__mock/mail, /__mock/requests, /__mock/usage, /__mock/worlds`,
    ...controlsReach(settings),
    ...(settings.usageOut
      ? [`Usage: written to ${settings.usageOut} every 10 s and at exit (spec:diff --usage reads it; docs/usage.md)`]
      : []),
  ];
  return lines.join('\n');
}

/** Bound beyond this machine: who may use the controls, the console and the mailbox, and with --lan-controls what that exposes. */
function controlsReach(settings: CliSettings): string[] {
  if (isLoopback(settings.host)) return [];
  if (!settings.options.controlsFromNetwork)
    return [
      '  /__mock (controls, console, mailbox): this machine only, by the connection, whatever Host is sent; --lan-controls opens them to the network',
    ];
  return [
    '  /__mock (controls, console, mailbox): OPEN TO THE NETWORK (--lan-controls): any machine that reaches the port can reset the world, change plans, read the reset-token mailbox (and so take over the demo accounts) and the request journal',
  ];
}

/**
 * Bound beyond this machine, the API and its demo accounts are open to the network; the controls are too
 * only with --lan-controls. The warning says which, and never reads as a protection it is not.
 */
export function hostWarning(host: string, lanControls = false): string | undefined {
  if (isLoopback(host)) return undefined;
  const controls = lanControls
    ? 'and, with --lan-controls, its controls under /__mock: any of them can reset the world, change plans and read the reset-token mailbox, and so take over the demo accounts'
    : 'but not its controls under /__mock (the console, the reset-token mailbox): they answer only connections from this machine, whatever Host a request names; --lan-controls opens them';
  return `warning: listening on ${host}, so other machines can reach the mock's API and sign in with its demo accounts, ${controls}.`;
}

/** The --https certificate, made or reused (cli/network/certificate.ts); undefined without --https. */
async function certificate(settings: CliSettings, lan: string[]): Promise<MockCertificate | undefined> {
  return settings.tls && certificateFor(certificateNames(settings.host, lan), settings.tls.dir);
}

/** What the mock's interfaces and certificate are, read once at start: the banner and the certificate agree. */
export interface Network {
  interfaces: Interfaces;
  /** The LAN addresses (cli/network/addresses.ts) for the bind address. */
  lan: string[];
}

/** What a start prints once listening at `address` on port `bound`: the banner and its device and TLS lines (stdout), and the warning (stderr). */
export function startLines(
  address: string,
  bound: number,
  settings: CliSettings,
  world: WorldFacts,
  network: Network,
  tls?: MockCertificate,
): { out: string; warning?: string } {
  const { host } = settings;
  // Fastify names `::` as bound (`http://[::]:4010`), an address no browser opens; 0.0.0.0 it already names 127.0.0.1.
  address = address.replace('//[::]:', '//[::1]:');
  const reach = [
    ...reachLines(tls ? 'https' : 'http', host, bound, network.lan),
    ...ipv6Lines(host, network.interfaces),
  ];
  const lines = [
    banner(address, settings, world, reach),
    ...(tls ? tlsLines(tls, certificateNames(host, network.lan)) : []),
  ];
  return { out: lines.join('\n'), warning: hostWarning(host, settings.options.controlsFromNetwork === true) };
}

/** Listens and prints where the mock is: the banner, the addresses devices use, the certificate to trust. */
async function listen(app: FastifyInstance, settings: CliSettings, network: Network, tls?: MockCertificate) {
  const { host, port } = settings;
  // What --https tightened on the way, before the banner (the e2e test reads both once the banner is out).
  for (const line of tls?.tightened ?? []) console.error(`mock: ${line}`);
  const address = await app.listen({ host, port });
  const { ctx } = app.mock;
  const world = { origin: ctx.origin, seed: ctx.seed, clients: ctx.clients, rateLimit: ctx.rateLimit };
  const bound = (app.server.address() as { port: number }).port;
  const { out, warning } = startLines(address, bound, settings, world, network, tls);
  console.log(out);
  if (warning) console.error(warning);
}

export async function main(argv: string[]): Promise<number | typeof SERVING> {
  const parsed = parseMockArgs(argv);
  if (!parsed.ok) return refuse(MOCK_COMMAND, parsed);
  const { host, port, options } = parsed.settings;
  // This process serves for its whole life: it keeps the tick objects' hidden class (lib/tick-shape.ts).
  keepTickShape();
  let app: FastifyInstance;
  let stateFailed = false;
  const onStateError = (err: Error) => {
    stateFailed = true;
    console.error(
      `mock: the state file ${options.stateFile} could not be written (${err.message}); the changes it would have held were undone and their requests answered 503`,
    );
  };
  // Read once: the certificate's names and the printed addresses are the same list.
  const interfaces = networkInterfaces();
  const network: Network = { interfaces, lan: lanAddresses(host, interfaces) };
  let tls: MockCertificate | undefined;
  try {
    tls = await certificate(parsed.settings, network.lan);
    app = await buildMock({
      ...options,
      logger: false,
      onStateError,
      ...(tls ? { https: { key: tls.key, cert: tls.cert } } : {}),
    });
  } catch (err) {
    if (err instanceof MockOptionsError) return refuseOptions(MOCK_COMMAND, err, argv);
    console.error(err instanceof StateFileError ? err.message : `cannot start the mock: ${(err as Error).message}`);
    return 1;
  }
  try {
    await listen(app, parsed.settings, network, tls);
  } catch (err) {
    console.error(listenFailure('mock', host, port, err));
    await app.close();
    return 1;
  }
  // A large world's first search finds its texts made (mock/store/client-lists.ts), unless a reset or a stop came first.
  const store = app.mock.store;
  let stopping = false;
  void store.warmSearch(() => stopping || app.mock.store !== store);
  const usageOut = parsed.settings.usageOut
    ? startUsageOut('mock', parsed.settings.usageOut, () => app.mock.worlds.usage())
    : undefined;
  // Only a state file and --usage-out need a graceful stop (the last change flushed, the usage
  // written); without them the default exit loses nothing, so no signal listener is added.
  if (!options.stateFile && !usageOut) return SERVING;
  return stopOnSignal(async () => {
    stopping = true;
    const usageWritten = usageOut?.stop() ?? true;
    await app.close();
    return stateFailed || !usageWritten ? 1 : 0;
  });
}

await runMain(import.meta.url, main);
