// Which fields of an answer the app's code reads: the parsed body wrapped in
// proxies that note each own property read, as a pointer written as the
// differ writes it (`/data/data/[]/name`). Reading is all they change: values,
// keys, arrays and JSON.stringify behave as before. (structuredClone refuses a
// proxy: clone `JSON.parse(JSON.stringify(data))` instead while recording.)

export function trackReads<T>(value: T, onRead: (at: string) => void): T {
  const wrapped = new WeakMap<object, Map<string, object>>();
  const wrap = (node: unknown, at: string): unknown => {
    if (node === null || typeof node !== 'object') return node;
    // One proxy per node and place, so that `data.data === data.data` stays true.
    let byPlace = wrapped.get(node);
    const known = byPlace?.get(at);
    if (known) return known;
    const isArray = Array.isArray(node);
    const proxy = new Proxy(node, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof key === 'symbol' || !Object.hasOwn(target, key)) return value;
        if (isArray && key === 'length') return value;
        const child = isArray ? `${at}/[]` : `${at}/${key}`;
        onRead(child);
        return wrap(value, child);
      },
    });
    if (!byPlace) {
      byPlace = new Map();
      wrapped.set(node, byPlace);
    }
    byPlace.set(at, proxy);
    return proxy;
  };
  return wrap(value, '') as T;
}
