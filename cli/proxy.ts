#!/usr/bin/env node
import type { FastifyInstance } from 'fastify';
import { baseUrlProblem, normalizeBaseUrl } from '../lib/base-url.js';
import { ORIGIN_RULE, parseOrigin } from '../lib/origins.js';
import { PROXY_DEFAULTS, PROXY_LIMITS, ProxyOptionsError } from '../proxy/options.js';
import { buildProxy, proxySummary, proxyUsage, SUMMARY_PATH, summaryLines } from '../proxy/server.js';
import { loadSpec } from '../spec/load.js';
import {
  type Args,
  flag,
  nonEmpty,
  parseCommand,
  type Refusal,
  refuse,
  runMain,
  stopOnSignal,
  value,
  wholeNumber,
} from './kit/command.js';
import { refuseOptions } from './kit/option-names.js';
// npm run proxy -- --upstream URL [flags]: a validating proxy in front of any
// deployment. Point the app at it and every contract violation in its traffic
// is reported. The only place the proxy listens (buildProxy returns the app).
import { outputProblem } from './kit/outputs.js';
import { size, within } from './kit/ranges.js';
import { startUsageOut, type UsageOut } from './kit/usage-out.js';
import { listenFailure } from './network/listen-failure.js';

/** An origin as browsers send it (lib/origins.ts: the mock's flag and both libraries take the same). */
function origin(raw: string, name: string): string {
  const parsed = parseOrigin(raw);
  if (parsed === undefined) throw new Error(`--${name} takes ${ORIGIN_RULE}, not "${raw}"`);
  return parsed;
}

/** A base URL by the rule the proxy's library (and the contract suite) applies. */
function baseUrl(raw: string, name: string): string {
  const problem = baseUrlProblem(raw);
  if (problem) throw new Error(`--${name} ${problem}, not "${raw}"`);
  return raw;
}

export const PROXY_COMMAND = {
  name: 'proxy',
  synopsis: 'npm run proxy -- --upstream URL [options]',
  bin: 'mcs-proxy',
  options: {
    upstream: value('URL', 'the deployment, before /api/v1 (a URL ending in /api/v1 works too)', {
      parse: baseUrl,
      required: true,
    }),
    port: value('N', 'port of the proxy', { parse: wholeNumber(0, 65535), default: 4020 }),
    host: value('H', 'address to bind', { parse: nonEmpty('an address'), default: '127.0.0.1' }),
    errors: flag('answer a violating exchange with an error instead of passing it on'),
    'cors-origin': value('URL', "a browser origin allowed beyond this machine's", { parse: origin, repeatable: true }),
    timeout: value('MS', 'the whole upstream exchange, headers and body', {
      parse: within(PROXY_LIMITS.timeoutMs, 'milliseconds'),
      default: PROXY_DEFAULTS.timeoutMs,
    }),
    'usage-out': value(
      'FILE',
      'write what apps called and sent through the proxy (GET /__proxy/usage) to FILE every 10 s and at exit; spec:diff --usage reads it',
      {
        parse: nonEmpty('a file'),
      },
    ),
    'max-body': value('SIZE', 'upstream answers larger than this are not passed on', {
      parse: size,
      default: PROXY_DEFAULTS.maxBodyBytes,
      shownDefault: `${PROXY_DEFAULTS.maxBodyBytes / 2 ** 20}m`,
    }),
  },
  flagOf: { corsOrigins: 'cors-origin', timeoutMs: 'timeout', maxBodyBytes: 'max-body' },
};

export interface ProxyPlan {
  upstream: string;
  port: number;
  host: string;
  errors: boolean;
  corsOrigins: string[];
  timeoutMs: number;
  maxBodyBytes: number;
  usageOut?: string;
}

function plan({ values }: Args<typeof PROXY_COMMAND.options>, basePath: string): ProxyPlan {
  const usageOut = values['usage-out'];
  const unwritable = usageOut === undefined ? undefined : outputProblem(usageOut);
  if (unwritable) throw new Error(`--usage-out ${usageOut}: ${unwritable}`);
  return {
    ...(usageOut ? { usageOut } : {}),
    upstream: normalizeBaseUrl(values.upstream, basePath).baseUrl,
    port: values.port,
    host: values.host,
    errors: values.errors,
    corsOrigins: values['cors-origin'],
    timeoutMs: values.timeout,
    maxBodyBytes: values['max-body'],
  };
}

export function parseProxyArgs(argv: string[], basePath = '/api/v1'): { ok: true; plan: ProxyPlan } | Refusal {
  return parseCommand(PROXY_COMMAND, argv, (args) => ({ ok: true, plan: plan(args, basePath) }));
}

async function main(argv: string[]): Promise<number> {
  const spec = await loadSpec();
  const parsed = parseProxyArgs(argv, spec.basePath);
  if (!parsed.ok) return refuse(PROXY_COMMAND, parsed);
  const { plan } = parsed;
  let app: FastifyInstance;
  try {
    app = await buildProxy({
      upstream: plan.upstream,
      spec,
      errors: plan.errors,
      corsOrigins: plan.corsOrigins,
      hosts: [plan.host],
      timeoutMs: plan.timeoutMs,
      maxBodyBytes: plan.maxBodyBytes,
      log: (line) => console.log(line),
    });
  } catch (err) {
    if (err instanceof ProxyOptionsError) return refuseOptions(PROXY_COMMAND, err, argv);
    throw err;
  }
  try {
    await app.listen({ host: plan.host, port: plan.port });
  } catch (err) {
    console.error(listenFailure('proxy', plan.host, plan.port, err));
    return 1;
  }
  console.log(
    `Validating proxy on http://${plan.host}:${plan.port}${spec.basePath} → ${plan.upstream}${spec.basePath}`,
  );
  console.log(
    `Violations are logged below, one a line${plan.errors ? ', and answered with an error' : ', and flagged in the sl-violations response header'}; ignored body fields as observations (○).`,
  );
  console.log(
    `Counts per operation: http://${plan.host}:${plan.port}${SUMMARY_PATH}${SUMMARY_SIGNAL ? `, kill -USR2 ${process.pid}` : ''}, and at exit.`,
  );
  const usageOut = plan.usageOut ? startUsageOut('proxy', plan.usageOut, () => proxyUsage(app)) : undefined;
  return serveUntilStopped(app, usageOut);
}

/** SIGUSR2 prints the summary (not on Windows, which has no such signal). */
const SUMMARY_SIGNAL = process.platform === 'win32' ? undefined : 'SIGUSR2';

/** Prints the summary on SIGUSR2, and once more after SIGINT or SIGTERM closed the proxy. */
function serveUntilStopped(app: FastifyInstance, usageOut?: UsageOut): Promise<number> {
  const print = () => console.log(summaryLines(proxySummary(app)).join('\n'));
  if (SUMMARY_SIGNAL) process.on(SUMMARY_SIGNAL, print);
  return stopOnSignal(async () => {
    if (SUMMARY_SIGNAL) process.off(SUMMARY_SIGNAL, print);
    const usageWritten = usageOut?.stop() ?? true;
    await app.close();
    print();
    return usageWritten ? 0 : 1;
  });
}

await runMain(import.meta.url, main);
