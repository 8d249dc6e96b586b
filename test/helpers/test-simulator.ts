import http from 'node:http';
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

/**
 * getClient for each token, in order, over `connections` keep-alive connections of node:http, for
 * suites that send thousands of requests: there fetch's own per-request work costs more CPU than
 * the server's answer.
 */
export async function getClients(url: string, tokens: readonly string[], connections = 100): Promise<WireResponse[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const get = (token: string) =>
    new Promise<WireResponse>((resolve, reject) => {
      http
        .get(`${url}/rest/chat/client/id/${encodeURIComponent(token)}`, { agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            const contentType = res.headers['content-type'] ?? null;
            resolve({ status: res.statusCode ?? 0, contentType, text: bytes.toString('utf8'), bytes });
          });
        })
        .on('error', reject);
    });
  try {
    const responses: WireResponse[] = [];
    for (let from = 0; from < tokens.length; from += connections)
      responses.push(...(await Promise.all(tokens.slice(from, from + connections).map(get))));
    return responses;
  } finally {
    agent.destroy();
  }
}

/** POST /rest/chat/client/id/ with the token in the `token` header. */
export async function postClient(url: string, token: string, body?: string): Promise<WireResponse> {
  return read(await fetch(`${url}/rest/chat/client/id/`, { method: 'POST', headers: { token }, body }));
}
