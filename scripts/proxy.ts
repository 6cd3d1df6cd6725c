// npm run proxy -- --upstream URL [--port N] [--host H] [--errors]
// Prism as a validating proxy in front of any deployment: point the app at the
// proxy and every contract violation in its traffic is reported.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { normalizeBaseUrl } from '../contracts/options.js';
import { loadSpec } from '../spec/load.js';

const PRISM = fileURLToPath(new URL('../node_modules/@stoplight/prism-cli/dist/index.js', import.meta.url));

export const USAGE = `usage: npm run proxy -- --upstream URL [--port N] [--host H] [--errors]
  --upstream URL   the deployment, before /api/v1 (a URL ending in /api/v1 works too)
  --port N         port of the proxy (default 4020)
  --host H         address to bind (default 127.0.0.1)
  --errors         answer a violating exchange with Prism's error instead of passing it through`;

/** The spec with every path under the server prefix, so the app keeps its base URL. */
export function prefixedSpec(raw: Record<string, any>, basePath: string): Record<string, any> {
  const copy = structuredClone(raw);
  copy.paths = Object.fromEntries(Object.entries(copy.paths ?? {}).map(([p, v]) => [`${basePath}${p}`, v]));
  copy.servers = [{ url: '/' }];
  return copy;
}

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, strict: true, options: { upstream: { type: 'string' }, port: { type: 'string', default: '4020' }, host: { type: 'string', default: '127.0.0.1' }, errors: { type: 'boolean' }, help: { type: 'boolean' } } }));
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (!values.upstream) throw new Error('--upstream is required');
    if (!/^\d+$/.test(values.port) || Number(values.port) > 65535) throw new Error(`--port takes a port number, not "${values.port}"`);
  } catch (err) {
    console.error(`proxy: ${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const spec = await loadSpec();
  let baseUrl: string;
  try {
    ({ baseUrl } = normalizeBaseUrl(values.upstream, spec.basePath));
  } catch (err) {
    console.error(`proxy: ${(err as Error).message.replace('--base-url', '--upstream')}`);
    return 2;
  }
  const file = join(mkdtempSync(join(tmpdir(), 'mcs-proxy-')), 'openapi.yaml');
  writeFileSync(file, stringify(prefixedSpec(spec.raw, spec.basePath)));
  console.log(`Validating proxy on http://${values.host}:${values.port}${spec.basePath} → ${baseUrl}${spec.basePath}`);
  console.log(`Violations are logged below${values.errors ? ' and answered with Prism errors' : ' and flagged in the sl-violations response header'}.`);
  const args = [PRISM, 'proxy', '-h', values.host, '-p', values.port, ...(values.errors ? ['--errors'] : []), file, baseUrl];
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  const stop = () => child.kill('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 0)));
}

if (process.argv[1]?.endsWith('proxy.ts')) process.exitCode = await main(process.argv.slice(2));
