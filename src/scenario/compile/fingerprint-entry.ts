import { nodeCrypto } from '../base/crypto-library';
import type { WireOptions } from '../../protocol/wire-encode';

/**
 * A short hash of an entry as served: its data with the file defaults merged in, and its wire
 * options. Key order counts, because it is the order fields go out on the wire.
 */
export function fingerprintEntry(merged: Readonly<Record<string, unknown>>, base: WireOptions): string {
  return nodeCrypto()
    .createHash('sha1')
    .update(JSON.stringify(merged))
    .update('\0')
    .update(JSON.stringify(base))
    .digest('base64url');
}
