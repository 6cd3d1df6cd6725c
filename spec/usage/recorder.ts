// The usage recorder an app's tests hand to the typed client
// (`createClient({ ..., usage })`): it records, against the spec, each call the
// app makes and each answer field its code reads, and saves the usage file
// spec:diff --usage reads. Node only (it reads the spec); MSW runs use it as is.
import { writeFileSync } from 'node:fs';
import { specFacts } from '../facts.js';
import { type LoadedSpec, loadSpec, type OperationEntry } from '../load.js';
import { bump, emptyUsage, operationUsage, type UsageFile, type UsageSink } from './format.js';
import { listedPlatform, noteExchange } from './record.js';

export interface UsageRecorderOptions {
  /** Shown as the source's name in spec:diff (`web app unit tests`). */
  label?: string;
  /** The spec the calls are read against: the toolkit's own by default. */
  spec?: LoadedSpec;
}

export interface UsageRecorder extends UsageSink {
  /** What was recorded since creation or the last reset. */
  usage(): UsageFile;
  /** Writes the usage file (call it in the test run's teardown). */
  save(path: string): void;
  reset(): void;
}

export async function createUsageRecorder(options: UsageRecorderOptions = {}): Promise<UsageRecorder> {
  const spec = options.spec ?? (await loadSpec());
  const byCall = new Map<string, OperationEntry>(
    spec.operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]),
  );
  const facts = specFacts(spec);
  let file = emptyUsage('client', new Date(), options.label);
  const usage = (): UsageFile => ({ ...file, until: new Date().toISOString() });
  const operation = (method: string, path: string) => byCall.get(`${method.toUpperCase()} ${path}`);
  return {
    exchange(x) {
      const op = operation(x.method, x.path);
      if (!op) return;
      noteExchange(file, op, {
        operationId: op.operationId,
        status: x.status,
        platform: listedPlatform(facts, x.headers),
        body: x.body,
        query: x.query,
        headers: x.headers,
      });
    },
    read(x) {
      const op = operation(x.method, x.path);
      if (!op) return;
      const counts = operationUsage(file, op.operationId);
      counts.read ??= {};
      counts.read[String(x.status)] ??= {};
      bump(counts.read[String(x.status)]!, x.at);
    },
    usage,
    save(path) {
      writeFileSync(path, `${JSON.stringify(usage(), null, 2)}\n`);
    },
    reset() {
      file = emptyUsage('client', new Date(), options.label);
    },
  };
}
