import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import path from 'node:path';

/** The image the README's `npm run image` builds, from the Dockerfile users build. */
export const IMAGE = 'auth-sim:local';

const root = path.resolve(__dirname, '..', '..');

/**
 * Why container tests cannot run here, or null when a Docker engine answers (DOCKER_HOST or the
 * default socket). Under CI=true .ci/run starts one, so nothing is skipped there: a missing engine
 * fails the tests instead.
 */
export function dockerMissing(): string | null {
  if (process.env.CI === 'true') return null;
  const info = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8', timeout: 10_000 });
  if (info.status === 0) return null;
  const why = info.error ? info.error.message : (info.stderr || '').trim().split('\n')[0];
  return `no Docker engine answers (${why}): the container tests are skipped (apt-get install -y docker.io, then dockerd --storage-driver=vfs)`;
}

/**
 * How a child run by spawnSync ended, for an error message. A run past its budget says so: the
 * docker CLI catches the SIGTERM spawnSync sends and exits 143 on its own, so its status alone
 * reads like a failure of the command rather than a time-out.
 */
export function howItEnded(result: SpawnSyncReturns<string>, timeoutMs: number): string {
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT')
    return `timed out after ${timeoutMs / 1000} s`;
  return String(result.status ?? result.error?.message);
}

/** Runs docker and returns stdout; throws with stderr on a non-zero exit or a time-out. */
export function docker(args: readonly string[], timeoutMs = 60_000): string {
  const result = spawnSync('docker', args, { encoding: 'utf8', timeout: timeoutMs, cwd: root });
  if (result.status !== 0 || result.error)
    throw new Error(`docker ${args.join(' ')} failed (${howItEnded(result, timeoutMs)}):\n${result.stderr}`);
  return result.stdout;
}

/**
 * Removes a container, running or not. Under the vfs storage driver a container's layer is a
 * full copy of the image (~230 MB of files), and deleting it waits on a disk the other container
 * suites are copying layers onto at the same time: a fresh-clone CI saw it pass 60 s. Five
 * minutes leaves room; past them the suite still fails, naming the time-out.
 */
export function removeContainer(container: string): void {
  docker(['rm', '--force', container], 300_000);
}

/**
 * Builds the stand-in base image (once, cached) and auth-sim:local from the repository's
 * Dockerfile. Test files run in parallel workers; flock makes the second one wait for the first
 * build and then find every layer cached.
 */
export function buildImage(): void {
  const script = `scripts/base-image.sh && docker build --quiet -t ${IMAGE} .`;
  const result = spawnSync('flock', ['/tmp/auth-sim-image-build.lock', 'bash', '-c', script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 900_000,
  });
  if (result.status !== 0 || result.error)
    throw new Error(`building ${IMAGE} failed (${howItEnded(result, 900_000)}):\n${result.stdout}${result.stderr}`);
}

/** The host port docker published for the container's 8080 on 127.0.0.1. */
export function publishedPort(container: string): number {
  const line = docker(['port', container, '8080/tcp']).trim().split('\n')[0];
  return Number(line.slice(line.lastIndexOf(':') + 1));
}
