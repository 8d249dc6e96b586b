import { Option, type Command } from 'commander';
import { createLogger } from './logger';
import { DEFAULT_ADMIN_PREFIX, ADMIN_TOKEN_HEADER } from '../protocol/endpoints';

interface ExportFlags {
  adminToken?: string;
}

/**
 * `auth-sim export <admin-url> > qa/runtime.yaml`: a running simulator's runtime tokens as a
 * scenario file (GET /export), so what was changed in the dashboard or the admin API survives a
 * restart. stdout holds the file alone; problems go to stderr with exit 2 (nothing was exported).
 */
export function registerExport(program: Command): void {
  program
    .command('export')
    .description("print a running simulator's runtime tokens as a scenario file")
    .argument('<admin-url>', `the admin API, e.g. http://127.0.0.1:8080${DEFAULT_ADMIN_PREFIX}`)
    .addOption(new Option('--admin-token <secret>', 'the admin token, if it runs with one').env('AUTH_SIM_ADMIN_TOKEN'))
    .addHelpText(
      'after',
      `\nExample:\n  $ auth-sim export http://127.0.0.1:8080${DEFAULT_ADMIN_PREFIX} > qa/runtime.yaml`,
    )
    .action(async (adminUrl: string, flags: ExportFlags, command: Command) => {
      const logger = createLogger();
      if (!/^https?:\/\//i.test(adminUrl))
        command.error(`auth-sim: the admin URL needs its scheme: http://${adminUrl}`, { exitCode: 2 });
      const url = `${adminUrl.replace(/\/+$/, '')}/export`;
      const headers: Record<string, string> = flags.adminToken ? { [ADMIN_TOKEN_HEADER]: flags.adminToken } : {};
      let res: Response;
      try {
        res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
      } catch (error) {
        const cause = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
        logger.error(`cannot reach ${url}: ${cause}`);
        process.exitCode = 2;
        return;
      }
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { error?: string };
        const hint = res.status === 401 ? ' (give the admin token with --admin-token or AUTH_SIM_ADMIN_TOKEN)' : '';
        logger.error(`${url} answered ${res.status}: ${body.error ?? 'not an auth-sim admin API?'}${hint}`);
        process.exitCode = 2;
        return;
      }
      process.stdout.write(await res.text());
    });
}
