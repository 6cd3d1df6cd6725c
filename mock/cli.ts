// npm start [-- flags]: the only place the mock listens.

import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS } from '../fixtures/reference.js';
import { buildMock } from './build.js';
import { DEFAULTS, type MockContext, type MockOptions } from './options.js';
import { StateFileError } from './state-file.js';
import { keepTickShape } from './tick-shape.js';

/** The largest world that starts within the machine's memory (1,000,000 ran out of memory after 150 s). */
export const MAX_CLIENTS = 100_000;

export const USAGE = `usage: npm start -- [options]
  --port N            port to listen on (default ${DEFAULTS.port})
  --host HOST         address to bind (default ${DEFAULTS.host})
  --seed N            seed of the generated world (default ${DEFAULTS.seed})
  --clients N         number of clients in the world, 1 to ${MAX_CLIENTS} (default ${DEFAULTS.clients})
  --no-rate-limit     turn off the spec's rate limit (x-rate-limit)
  --state-file PATH   keep state across restarts in PATH (JSON, written atomically)
  --cors-origin URL   a browser origin allowed beyond this machine, e.g. http://192.168.1.20:5173 (repeatable)
  --journal N         exchanges the request journal keeps, 0 for none (default ${DEFAULTS.journal})
  --help              show this help`;

export interface CliSettings {
  host: string;
  port: number;
  options: MockOptions;
  /** World flags given on the command line (a loaded state file overrides them). */
  worldFlags: string[];
}

export type Parsed = { ok: true; settings: CliSettings } | { ok: false; message: string; help?: boolean };

function integer(name: string, value: string | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new Error(`--${name} takes a whole number from ${min} to ${max}, not "${value}"`);
  }
  return Number(value);
}

/** An origin as browsers send it: scheme, host and port only; never a wildcard (credentials are allowed). */
function origin(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    !['http:', 'https:'].includes(url.protocol) ||
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search ||
    url.hash ||
    value.includes('*')
  ) {
    throw new Error(
      `--cors-origin takes an origin such as http://192.168.1.20:5173 (scheme, host and port; no path and no wildcard), not "${value}"`,
    );
  }
  return url.origin;
}

export function parseMockArgs(argv: string[]): Parsed {
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        clients: { type: 'string' },
        'no-rate-limit': { type: 'boolean' },
        'state-file': { type: 'string' },
        journal: { type: 'string' },
        'cors-origin': { type: 'string', multiple: true },
        help: { type: 'boolean' },
      },
    });
    if (values.help) return { ok: false, message: USAGE, help: true };
    if (values.host !== undefined && values.host.trim() === '') throw new Error('--host needs an address');
    if (values['state-file'] !== undefined && values['state-file'].trim() === '')
      throw new Error('--state-file needs a path');
    return {
      ok: true,
      settings: {
        host: values.host ?? DEFAULTS.host,
        port: integer('port', values.port, 0, 65535, DEFAULTS.port),
        worldFlags: (['seed', 'clients'] as const).filter((f) => values[f] !== undefined).map((f) => `--${f}`),
        options: {
          seed: integer('seed', values.seed, 0, 2 ** 31 - 1, DEFAULTS.seed),
          clients: integer('clients', values.clients, 1, MAX_CLIENTS, DEFAULTS.clients),
          rateLimit: values['no-rate-limit'] ? false : undefined,
          stateFile: values['state-file'],
          journal: integer('journal', values.journal, 0, 100_000, DEFAULTS.journal),
          ...(values.host !== undefined ? { host: values.host } : {}),
          ...(values['cors-origin'] ? { corsOrigins: values['cors-origin'].map(origin) } : {}),
        },
      },
    };
  } catch (err) {
    return { ok: false, message: `${(err as Error).message}\n${USAGE}` };
  }
}

export interface WorldFacts {
  origin: 'seed' | 'state-file';
  seed: number;
  clients: number;
  rateLimit: MockContext['rateLimit'];
}

export function banner(url: string, settings: CliSettings, world: WorldFacts): string {
  const o = settings.options;
  const fromFile = world.origin === 'state-file';
  const ignored =
    fromFile && settings.worldFlags.length
      ? ` (${settings.worldFlags.join(' and ')} ignored: the file's world is used)`
      : '';
  const lines = [
    `Measurement Capture Service mock listening on ${url}/api/v1`,
    `  world: seed ${world.seed}, ${world.clients} clients (${fromFile ? `loaded from ${o.stateFile}` : 'fresh from the seed'})${ignored}`,
    `  rate limit: ${world.rateLimit === false ? 'off' : `${world.rateLimit.max} requests/${world.rateLimit.windowMs === 60_000 ? 'minute' : `${world.rateLimit.windowMs / 1000} s`} per token`}`,
    'Demo accounts:',
    ...DEMO_ACCOUNTS.map((a) => `  ${a.email} / ${a.password}  (${a.note})`),
    `API reference: ${url}/docs  (spec: ${url}/openapi.yaml)`,
    `Mock console: ${url}/__mock/ui`,
    `Mock controls: ${url}/__mock/accounts, /__mock/reset, /__mock/subscription, /__mock/tokens/invalidate, /__mock/faults, /__mock/mail, /__mock/requests`,
  ];
  return lines.join('\n');
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Bound beyond this machine, the API and the controls (reset, plans, reset tokens) are open to the network. */
export function hostWarning(host: string): string | undefined {
  if (LOOPBACK.has(host) || /^127\./.test(host)) return undefined;
  return `warning: listening on ${host}, so other machines can reach the mock, its demo accounts and its controls under /__mock (reset, plans, tokens, the reset-token mailbox). Controls still answer only a Host of this machine or of --host, and pages of this machine or of --cors-origin.`;
}

export async function main(argv: string[]): Promise<number> {
  const parsed = parseMockArgs(argv);
  if (!parsed.ok) {
    (parsed.help ? console.log : console.error)(parsed.message);
    return parsed.help ? 0 : 2;
  }
  const { host, port, options } = parsed.settings;
  let app: FastifyInstance;
  let stateFailed = false;
  const onStateError = (err: Error) => {
    stateFailed = true;
    process.exitCode = 1;
    console.error(
      `mock: the state file ${options.stateFile} could not be written, so changes since the last good write are not on disk: ${err.message}`,
    );
  };
  try {
    keepTickShape();
    app = await buildMock({ ...options, logger: false, onStateError });
  } catch (err) {
    console.error(err instanceof StateFileError ? err.message : `cannot start the mock: ${(err as Error).message}`);
    return 1;
  }
  try {
    const address = await app.listen({ host, port });
    const { ctx } = app.mock;
    console.log(
      banner(address, parsed.settings, {
        origin: ctx.origin,
        seed: ctx.seed,
        clients: app.mock.store.world.clients.length,
        rateLimit: ctx.rateLimit,
      }),
    );
    const warning = hostWarning(host);
    if (warning) console.error(warning);
  } catch (err) {
    console.error(`cannot listen on ${host}:${port}: ${(err as Error).message}`);
    await app.close();
    return 1;
  }
  // Only a state file needs a graceful stop (its last change flushed); without
  // one the default exit loses nothing, so no signal listener is added.
  if (options.stateFile) {
    const stop = async () => {
      await app.close();
      process.exit(stateFailed ? 1 : 0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
  return -1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const code = await main(process.argv.slice(2));
  if (code >= 0) process.exit(code);
}
