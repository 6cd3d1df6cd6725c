// What an app installing this package gets: the packages reachable in
// package-lock.json from package.json's "dependencies" (not the dev ones),
// following each package's dependencies, optional dependencies and required
// peers the way Node resolves them (the nearest node_modules up the tree).

export interface LockEntry {
  version?: string;
  dev?: boolean;
  hasInstallScript?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export interface Lock {
  packages: Record<string, LockEntry>;
}

export interface Manifest {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** The lock key `name` resolves to from the package at `from` ('' is the root), or undefined. */
export function resolveIn(lock: Lock, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const key = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[key]) return key;
    if (!base) return undefined;
    const up = base.lastIndexOf('/node_modules/');
    base = up < 0 ? '' : base.slice(0, up);
  }
}

/** The names an entry needs installed: dependencies, optional ones, peers not marked optional. */
function needs(entry: LockEntry | Manifest): Array<{ name: string; optional: boolean }> {
  const optional = 'optionalDependencies' in entry ? (entry.optionalDependencies ?? {}) : {};
  const peerMeta = entry.peerDependenciesMeta ?? {};
  return [
    ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, optional: false })),
    ...Object.keys(optional).map((name) => ({ name, optional: true })),
    ...Object.keys(entry.peerDependencies ?? {})
      .filter((name) => !peerMeta[name]?.optional)
      .map((name) => ({ name, optional: false })),
  ];
}

/**
 * Every lock key reachable from the manifest's runtime dependencies. A required
 * dependency the lock does not hold is an error (the walk would be blind past it).
 */
export function runtimePackages(manifest: Manifest, lock: Lock): Set<string> {
  const seen = new Set<string>();
  const queue: Array<[string, { name: string; optional: boolean }]> = needs(manifest).map((need) => ['', need]);
  for (let next = queue.pop(); next; next = queue.pop()) {
    const [from, { name, optional }] = next;
    const key = resolveIn(lock, from, name);
    if (!key) {
      if (optional) continue;
      throw new Error(`package-lock.json has no ${name} for ${from || 'the root'}: re-lock (npm install)`);
    }
    if (seen.has(key)) continue;
    seen.add(key);
    for (const need of needs(lock.packages[key]!)) queue.push([key, need]);
  }
  return seen;
}

/** The package name of a lock key: `node_modules/a/node_modules/@s/b` is `@s/b`. */
export function packageName(key: string): string {
  return key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
}
