/**
 * A bounded least-recently-used cache on a Map (which keeps insertion order): a hit moves the
 * key to the end, an insert past capacity drops the oldest key. Memory stays capped however many
 * distinct keys are asked for.
 */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly capacity: number) {}

  /** The value for `key`, marking it most recently used. */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  /** Stores `value`, evicting the least recently used entry when full. */
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
  }

  /** How many entries are cached now. */
  get size(): number {
    return this.map.size;
  }
}
