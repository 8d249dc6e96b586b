import { InvalidArgumentError, Option, type Command } from 'commander';
import { createLogger } from './logger';
import { DEFAULT_ADMIN_PREFIX } from '../protocol/endpoints';

interface OutageFlags {
  status?: number;
  fault?: string;
  for?: string;
  end?: boolean;
  adminToken?: string;
}

/**
 * `auth-sim outage <admin-url> --status 503 [--for 30s]` or `--fault reset`, and `--end`: starts
 * or lifts an outage on a running simulator through its admin API (POST/DELETE /outage), so a
 * script shows how the chat server copes when the whole service is down and comes back.
 */
export function registerOutage(program: Command): void {
  program
    .command('outage')
    .description('make every token of a running simulator fail for a while (or --end it)')
    .argument('<admin-url>', `the admin API, e.g. http://127.0.0.1:8080${DEFAULT_ADMIN_PREFIX}`)
    .addOption(new Option('--status <code>', 'every token gets this status').argParser(parseStatus))
    .option('--fault <name>', 'every token gets this fault instead: reset, hang, malformed...')
    .option('--for <duration>', 'lift it by itself after this long: "30s", "2m" (default: until --end)')
    .option('--end', 'lift the outage')
    .addOption(new Option('--admin-token <secret>', 'the admin token, if it runs with one').env('AUTH_SIM_ADMIN_TOKEN'))
    .addHelpText(
      'after',
      `\nExamples:\n  $ auth-sim outage http://127.0.0.1:8080${DEFAULT_ADMIN_PREFIX} --status 503 --for 30s\n  $ auth-sim outage http://127.0.0.1:8080${DEFAULT_ADMIN_PREFIX} --fault reset\n  $ auth-sim outage http://127.0.0.1:8080${DEFAULT_ADMIN_PREFIX} --end`,
    )
    .action(async (adminUrl: string, flags: OutageFlags, command: Command) => {
      const logger = createLogger();
      if (!/^https?:\/\//i.test(adminUrl))
        command.error(`auth-sim: the admin URL needs its scheme: http://${adminUrl}`, { exitCode: 2 });
      if (!flags.end && flags.status === undefined && flags.fault === undefined)
        command.error('auth-sim: say what every token gets (--status 503 or --fault reset), or --end it', {
          exitCode: 2,
        });
      const entry = {
        ...(flags.status !== undefined ? { status: flags.status } : {}),
        ...(flags.fault !== undefined ? { fault: flags.fault } : {}),
        ...(flags.for !== undefined ? { for: flags.for } : {}),
      };
      const url = `${adminUrl.replace(/\/+$/, '')}/outage`;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (flags.adminToken) headers['x-admin-token'] = flags.adminToken;
      let res: Response;
      try {
        res = await fetch(url, {
          method: flags.end ? 'DELETE' : 'POST',
          headers,
          ...(flags.end ? {} : { body: JSON.stringify(entry) }),
        });
      } catch (error) {
        logger.error(
          `cannot reach ${url}: ${((error as Error).cause as Error | undefined)?.message ?? (error as Error).message}`,
        );
        process.exitCode = 1;
        return;
      }
      const body = (await res.json().catch(() => ({}))) as { error?: string; lifted?: boolean; until?: string | null };
      if (!res.ok) {
        logger.error(body.error ?? `${url} answered ${res.status}`);
        process.exitCode = 1;
        return;
      }
      if (flags.end) logger.info(body.lifted ? 'outage lifted' : 'there was no outage');
      else {
        const { for: _, ...answer } = entry;
        logger.info(
          `outage on: every token gets ${JSON.stringify(answer)} ${body.until ? `until ${body.until}` : 'until --end'}`,
        );
      }
    });
}

function parseStatus(value: string): number {
  const status = Number(value);
  if (!Number.isInteger(status) || status < 100 || status > 599)
    throw new InvalidArgumentError('write an HTTP status from 100 to 599');
  return status;
}
