#!/usr/bin/env node
import { normalizeBaseUrl } from '../contracts/options.js';
// npm run proxy -- --upstream URL [flags]: a validating proxy in front of any
// deployment. Point the app at it and every contract violation in its traffic
// is reported. The only place the proxy listens (buildProxy returns the app).
import { parseSize } from '../lib/limits.js';
import { buildProxy, PROXY_DEFAULTS } from '../proxy/server.js';
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
  withAllowed,
} from './kit/command.js';

function origin(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.pathname.length > 1 || raw.includes('*'))
    throw new Error(`--cors-origin takes an origin such as http://192.168.1.20:5173, not "${raw}"`);
  return url.origin;
}

export const PROXY_COMMAND = {
  name: 'proxy',
  synopsis: 'npm run proxy -- --upstream URL [options]',
  bin: 'mcs-proxy',
  options: {
    upstream: value('URL', 'the deployment, before /api/v1 (a URL ending in /api/v1 works too)', {
      parse: nonEmpty('a URL'),
      required: true,
    }),
    port: value('N', 'port of the proxy', { parse: wholeNumber(0, 65535), default: 4020 }),
    host: value('H', 'address to bind', { parse: nonEmpty('an address'), default: '127.0.0.1' }),
    errors: flag('answer a violating exchange with an error instead of passing it on'),
    'cors-origin': value('URL', "a browser origin allowed beyond this machine's", { parse: origin, repeatable: true }),
    timeout: value('MS', 'the whole upstream exchange, headers and body', {
      parse: wholeNumber(1, 600_000, 'milliseconds'),
      default: PROXY_DEFAULTS.timeoutMs,
    }),
    'max-body': value('SIZE', 'upstream answers larger than this are not passed on', {
      parse: withAllowed((raw, name) => parseSize(name, raw), '1k to 1g, e.g. 10m, 512k or bytes'),
      default: PROXY_DEFAULTS.maxBodyBytes,
      shownDefault: `${PROXY_DEFAULTS.maxBodyBytes / 2 ** 20}m`,
    }),
  },
};

export interface ProxyPlan {
  upstream: string;
  port: number;
  host: string;
  errors: boolean;
  corsOrigins: string[];
  timeoutMs: number;
  maxBodyBytes: number;
}

function plan({ values }: Args<typeof PROXY_COMMAND.options>, basePath: string): ProxyPlan {
  let upstream: string;
  try {
    ({ baseUrl: upstream } = normalizeBaseUrl(values.upstream, basePath));
  } catch (err) {
    throw new Error((err as Error).message.replace('--base-url', '--upstream'));
  }
  return {
    upstream,
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
  const app = await buildProxy({
    upstream: plan.upstream,
    spec,
    errors: plan.errors,
    corsOrigins: plan.corsOrigins,
    timeoutMs: plan.timeoutMs,
    maxBodyBytes: plan.maxBodyBytes,
  });
  try {
    await app.listen({ host: plan.host, port: plan.port });
  } catch (err) {
    console.error(`proxy: cannot listen on ${plan.host}:${plan.port}: ${(err as Error).message}`);
    return 1;
  }
  console.log(
    `Validating proxy on http://${plan.host}:${plan.port}${spec.basePath} → ${plan.upstream}${spec.basePath}`,
  );
  console.log(
    `Violations are logged below${plan.errors ? ' and answered with an error' : ' and flagged in the sl-violations response header'}.`,
  );
  return stopOnSignal(async () => {
    await app.close();
    return 0;
  });
}

await runMain(import.meta.url, main);
