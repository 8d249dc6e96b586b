import type { Redis } from 'ioredis';

/** The fields one token's state takes in a states hash (see token-state-scripts): use count, first use, window start and count. */
const STATE_KINDS = ['u', 't', 'w', 'c'] as const;

type StateKind = (typeof STATE_KINDS)[number];

/** One field of a states hash as auth-sim writes it: `<kind>:<fingerprint>:<token>`. */
export interface StateField {
  readonly kind: StateKind;
  /** The entry definition the state belongs to (fingerprints hold no `:`; tokens may). */
  readonly fingerprint: string;
  readonly token: string;
}

/** The name of one field of a token's state under one definition. */
export function stateField(kind: StateKind, fingerprint: string, token: string): string {
  return `${kind}:${fingerprint}:${token}`;
}

/** A field of a states hash read back; null for one auth-sim does not write (another client's, or an older layout). */
export function readStateField(field: string): StateField | null {
  const kind = field[0] as StateKind;
  const second = field.indexOf(':', 2);
  if (field[1] !== ':' || second < 0 || !STATE_KINDS.includes(kind)) return null;
  return { kind, fingerprint: field.slice(2, second), token: field.slice(second + 1) };
}

/** How many fields one HSCAN step asks for: Redis answers each step without blocking on a big hash. */
const SCAN_COUNT = 1000;

/**
 * Deletes every field of `key` that `unwanted` picks, scanning the hash a step at a time (ioredis's
 * hscanStream) rather than reading it whole; resolves to how many fields went.
 */
export async function deleteFields(
  client: Redis,
  key: string,
  unwanted: (field: StateField) => boolean,
): Promise<number> {
  let deleted = 0;
  for await (const page of client.hscanStream(key, { count: SCAN_COUNT })) {
    const pairs = page as string[];
    const doomed: string[] = [];
    for (let i = 0; i < pairs.length; i += 2) {
      const field = readStateField(pairs[i]);
      if (field !== null && unwanted(field)) doomed.push(pairs[i]);
    }
    if (doomed.length > 0) deleted += await client.hdel(key, ...doomed);
  }
  return deleted;
}
