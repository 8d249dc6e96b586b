/**
 * The `yaml` library, loaded on first use. A valid file read by the quick reader (quick-yaml.ts)
 * never needs it, and loading it costs ~30 ms of every start; it is needed to place a problem
 * or a warning, for a file the quick reader declines, and for entries sent to the admin API.
 */
export function yaml(): typeof import('yaml') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('yaml') as typeof import('yaml');
}
