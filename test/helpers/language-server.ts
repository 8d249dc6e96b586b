import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';

/** The settings VS Code's YAML extension sends by default; a `$schema=` modeline picks the schema. */
const YAML_SETTINGS = { validate: true, completion: true, hover: true, schemas: {} };

interface Diagnostic {
  readonly range: { readonly start: { readonly line: number; readonly character: number } };
  readonly message: string;
}

interface CompletionItem {
  readonly label: string;
  readonly sortText?: string;
  readonly documentation?: string | { readonly value: string };
}

/** A running yaml-language-server spoken to over stdio, as an editor speaks to it. */
export interface LanguageServer {
  /** Opens a document; resolves with its first non-empty diagnostics (the server publishes after validating). */
  open(path: string, text: string): Promise<readonly Diagnostic[]>;
  complete(path: string, line: number, character: number): Promise<readonly CompletionItem[]>;
  close(): Promise<void>;
}

/**
 * Starts the real `yaml-language-server` package (the server inside VS Code's YAML extension)
 * and does the LSP handshake with vscode-jsonrpc, the protocol library its clients use.
 */
export async function startLanguageServer(): Promise<LanguageServer> {
  const child = spawn(process.execPath, [require.resolve('yaml-language-server/bin/yaml-language-server'), '--stdio'], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const connection: MessageConnection = createMessageConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  const waiting = new Map<string, (diagnostics: readonly Diagnostic[]) => void>();
  connection.onRequest('workspace/configuration', (params: { items: unknown[] }) =>
    params.items.map(() => YAML_SETTINGS),
  );
  connection.onRequest('client/registerCapability', () => null);
  connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; diagnostics: Diagnostic[] }) => {
    if (params.diagnostics.length > 0) waiting.get(params.uri)?.(params.diagnostics);
  });
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: { workspace: { configuration: true } },
  });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('workspace/didChangeConfiguration', { settings: { yaml: YAML_SETTINGS } });
  const uri = (path: string) => pathToFileURL(path).href;
  return {
    open(path, text) {
      const published = new Promise<readonly Diagnostic[]>((resolve) => waiting.set(uri(path), resolve));
      void connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: uri(path), languageId: 'yaml', version: 1, text },
      });
      return published;
    },
    async complete(path, line, character) {
      const result = await connection.sendRequest<{ items: CompletionItem[] }>('textDocument/completion', {
        textDocument: { uri: uri(path) },
        position: { line, character },
      });
      return result.items;
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await connection.sendRequest('shutdown').catch(() => undefined);
      await connection.sendNotification('exit').catch(() => undefined);
      connection.dispose();
      // The server exits on `exit`; a kill only if it has not within two seconds.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
}
