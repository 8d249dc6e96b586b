/**
 * The `yaml` library, loaded on first use: js-yaml reads every scenario text (read-yaml-text.ts),
 * and `yaml`, whose documents keep each node's place, is needed only to place a problem or a
 * warning. Loading it costs ~30 ms that a start with nothing to report never pays.
 */
export function yaml(): typeof import('yaml') {
  // Kept after the first call: a require() per call costs a module-cache lookup, and placing
  // problems calls this once per map item it passes.
  return (loaded ??= require('yaml') as typeof import('yaml'));
}

let loaded: typeof import('yaml') | undefined;
