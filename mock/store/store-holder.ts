// The one place that holds the mock's current store. The reset control swaps
// it, so whoever needs the store asks here on each use and never keeps one.
import type { Store } from './store.js';

export class StoreHolder {
  #store: Store;
  readonly #listeners: Array<() => void> = [];

  constructor(store: Store) {
    this.#store = store;
    this.#watch(store);
  }

  get current(): Store {
    return this.#store;
  }

  /** Called on every change of the current store, and on every swap (which changes everything). */
  onChange(listener: () => void): void {
    this.#listeners.push(listener);
  }

  replace(store: Store): void {
    this.#store = store;
    this.#watch(store);
    this.#changed();
  }

  // A store cannot drop a listener, so a replaced one stays subscribed: its changes are ignored.
  #watch(store: Store): void {
    store.onChange(() => {
      if (store === this.#store) this.#changed();
    });
  }

  #changed(): void {
    for (const l of this.#listeners) l();
  }
}
