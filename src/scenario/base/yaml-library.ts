/**
 * The `yaml` library, loaded on first use: js-yaml reads every scenario text (read-yaml-text.ts),
 * and `yaml`, whose documents keep each node's place, is needed only to place a problem or a
 * warning. Loading it costs ~30 ms that a start with nothing to report never pays.
 */
export function yaml(): typeof import('yaml') {
  return require('yaml') as typeof import('yaml');
}
