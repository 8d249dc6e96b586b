/** Where the admin API is mounted unless told otherwise (its own file: the CLI needs it without loading Express). */
export const DEFAULT_ADMIN_PREFIX = '/__admin';
