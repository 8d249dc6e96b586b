import { spawnSync } from 'node:child_process';
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

/** Runs docker and returns stdout; throws with stderr on a non-zero exit. */
export function docker(args: readonly string[], timeoutMs = 60_000): string {
  const result = spawnSync('docker', args, { encoding: 'utf8', timeout: timeoutMs, cwd: root });
  if (result.status !== 0)
    throw new Error(`docker ${args.join(' ')} failed (${result.status ?? result.error?.message}):\n${result.stderr}`);
  return result.stdout;
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
  if (result.status !== 0)
    throw new Error(
      `building ${IMAGE} failed (${result.status ?? result.error?.message}):\n${result.stdout}${result.stderr}`,
    );
}

/** The host port docker published for the container's 8080 on 127.0.0.1. */
export function publishedPort(container: string): number {
  const line = docker(['port', container, '8080/tcp']).trim().split('\n')[0];
  return Number(line.slice(line.lastIndexOf(':') + 1));
}
