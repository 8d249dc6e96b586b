import { runSimulator, type Simulator, type SimulatorOptions } from '../../src/server/run-simulator';
import { makeTempDir, type TempDir } from './temp-dir';

/** A real simulator listening on port 0 over scenario files written to a temp dir. */
export interface TestSimulator {
  readonly sim: Simulator;
  readonly url: string;
  readonly dir: TempDir;
  close(): Promise<void>;
}

/** Writes `files` (name to YAML text) to a temp dir and starts a simulator on them. */
export async function startTestSimulator(
  files: Record<string, string>,
  options: Omit<SimulatorOptions, 'sources'> = {},
): Promise<TestSimulator> {
  const dir = makeTempDir();
  for (const [name, text] of Object.entries(files)) dir.write(name, text);
  try {
    const sim = await runSimulator({ ...options, sources: { paths: [dir.path] }, port: 0 });
    return { sim, url: sim.url, dir, close: async () => (await sim.close(1000), dir.remove()) };
  } catch (error) {
    dir.remove();
    throw error;
  }
}

/** The parts of a protocol response a chat server looks at. */
export interface WireResponse {
  readonly status: number;
  readonly contentType: string | null;
  readonly text: string;
  readonly bytes: Buffer;
}

async function read(res: Response): Promise<WireResponse> {
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, contentType: res.headers.get('content-type'), text: bytes.toString('utf8'), bytes };
}

/** GET /rest/chat/client/id/{token}, the token percent-encoded as a chat server would. */
export async function getClient(url: string, token: string): Promise<WireResponse> {
  return read(await fetch(`${url}/rest/chat/client/id/${encodeURIComponent(token)}`));
}

/** POST /rest/chat/client/id/ with the token in the `token` header. */
export async function postClient(url: string, token: string, body?: string): Promise<WireResponse> {
  return read(await fetch(`${url}/rest/chat/client/id/`, { method: 'POST', headers: { token }, body }));
}
