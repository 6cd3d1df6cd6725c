// npm run proxy -- --upstream URL [flags]: a validating proxy in front of any
// deployment. Point the app at it and every contract violation in its traffic
// is reported. The only place the proxy listens (buildProxy returns the app).
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseSize } from '../contracts/limits.js';
import { normalizeBaseUrl } from '../contracts/options.js';
import { loadSpec } from '../spec/load.js';
import { buildProxy, PROXY_DEFAULTS } from './proxy-server.js';

export const USAGE = `usage: npm run proxy -- --upstream URL [options]
  --upstream URL       the deployment, before /api/v1 (a URL ending in /api/v1 works too)
  --port N             port of the proxy (default 4020)
  --host H             address to bind (default 127.0.0.1)
  --errors             answer a violating exchange with an error instead of passing it on
  --cors-origin URL    a browser origin allowed beyond this machine's (repeatable)
  --timeout MS         the whole upstream exchange, headers and body (default ${PROXY_DEFAULTS.timeoutMs})
  --max-body SIZE      upstream answers larger than this are not passed on, e.g. 10m (default 10m)`;

export interface ProxyPlan {
  upstream: string;
  port: number;
  host: string;
  errors: boolean;
  corsOrigins: string[];
  timeoutMs: number;
  maxBodyBytes: number;
}

export function parseProxyArgs(
  argv: string[],
  basePath = '/api/v1',
): { ok: true; plan: ProxyPlan } | { ok: false; message: string; help?: boolean } {
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        upstream: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        errors: { type: 'boolean' },
        'cors-origin': { type: 'string', multiple: true },
        timeout: { type: 'string' },
        'max-body': { type: 'string' },
        help: { type: 'boolean' },
      },
    });
    if (values.help) return { ok: false, message: USAGE, help: true };
    if (!values.upstream) throw new Error('--upstream is required');
    const port = values.port ?? '4020';
    if (!/^\d+$/.test(port) || Number(port) > 65535) throw new Error(`--port takes a port number, not "${port}"`);
    const timeout = values.timeout ?? String(PROXY_DEFAULTS.timeoutMs);
    if (!/^\d+$/.test(timeout) || Number(timeout) < 1 || Number(timeout) > 600_000)
      throw new Error(`--timeout takes milliseconds from 1 to 600000, not "${timeout}"`);
    let upstream: string;
    try {
      ({ baseUrl: upstream } = normalizeBaseUrl(values.upstream, basePath));
    } catch (err) {
      throw new Error((err as Error).message.replace('--base-url', '--upstream'));
    }
    const corsOrigins = (values['cors-origin'] ?? []).map((o) => {
      const url = URL.canParse(o) ? new URL(o) : undefined;
      if (!url || !['http:', 'https:'].includes(url.protocol) || url.pathname.length > 1 || o.includes('*'))
        throw new Error(`--cors-origin takes an origin such as http://192.168.1.20:5173, not "${o}"`);
      return url.origin;
    });
    return {
      ok: true,
      plan: {
        upstream,
        port: Number(port),
        host: values.host ?? '127.0.0.1',
        errors: values.errors ?? false,
        corsOrigins,
        timeoutMs: Number(timeout),
        maxBodyBytes:
          values['max-body'] === undefined ? PROXY_DEFAULTS.maxBodyBytes : parseSize('max-body', values['max-body']),
      },
    };
  } catch (err) {
    return { ok: false, message: `${(err as Error).message}\n${USAGE}` };
  }
}

async function main(argv: string[]): Promise<number> {
  const spec = await loadSpec();
  const parsed = parseProxyArgs(argv, spec.basePath);
  if (!parsed.ok) {
    (parsed.help ? console.log : console.error)(parsed.help ? parsed.message : `proxy: ${parsed.message}`);
    return parsed.help ? 0 : 2;
  }
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
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return -1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const code = await main(process.argv.slice(2));
  if (code >= 0) process.exit(code);
}
