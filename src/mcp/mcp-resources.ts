import { renderFieldDocs } from '../protocol/field-docs';
import type { AdminCaller } from './admin-caller';

const FIELDS_URI = 'auth-sim://protocol/fields';
const SCENARIO_PREFIX = 'auth-sim://scenarios/';

/** A resource as MCP lists it. */
interface Resource {
  readonly uri: string;
  readonly name: string;
  readonly description: string;
  readonly mimeType: string;
}

/** The protocol reference (every resource and field, from the one table) and each loaded scenario file. */
export async function listResources(admin: AdminCaller): Promise<Resource[]> {
  const files = await scenarioFiles(admin);
  return [
    {
      uri: FIELDS_URI,
      name: 'protocol fields',
      description: "The authorization protocol's resources and fields: type, required, since which version, meaning",
      mimeType: 'text/markdown',
    },
    ...files.map((file) => ({
      uri: `${SCENARIO_PREFIX}${encodeURIComponent(file)}`,
      name: file,
      description: `the scenario file ${file}, as the simulator loaded it`,
      mimeType: /\.json$/i.test(file) ? 'application/json' : 'application/yaml',
    })),
  ];
}

/** One resource's text; an unknown URI is an error that lists the known ones. */
export async function readResource(
  admin: AdminCaller,
  uri: string,
): Promise<{ uri: string; mimeType: string; text: string }> {
  if (uri === FIELDS_URI) return { uri, mimeType: 'text/markdown', text: renderFieldDocs() };
  if (uri.startsWith(SCENARIO_PREFIX)) {
    const file = decodeURIComponent(uri.slice(SCENARIO_PREFIX.length));
    const { status, body } = await admin({ method: 'GET', path: `/scenarios/file?name=${encodeURIComponent(file)}` });
    const text = typeof body === 'object' && body !== null ? (body as { text?: unknown }).text : undefined;
    if (status === 200 && typeof text === 'string')
      return { uri, mimeType: /\.json$/i.test(file) ? 'application/json' : 'application/yaml', text };
    const why = typeof body === 'object' && body !== null ? (body as { error?: string }).error : undefined;
    throw new Error(why ?? `the admin API answered ${status} for ${file}`);
  }
  throw new Error(`no resource ${uri}; resources are ${FIELDS_URI} and ${SCENARIO_PREFIX}<file>`);
}

async function scenarioFiles(admin: AdminCaller): Promise<string[]> {
  const { status, body } = await admin({ method: 'GET', path: '/scenarios' });
  if (status !== 200 || typeof body !== 'object' || body === null) return [];
  const files = (body as { files?: unknown }).files;
  return Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string') : [];
}
