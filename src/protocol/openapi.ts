import { PROTOCOL_PATH } from './endpoints';
import { FIELD_TABLE, RESOURCES, type FieldNameOf } from './fields';
import { notesAsDescriptions, resourceDefinitions, type JsonSchema } from './json-schema';
import { COMPANY_MODULES, MODULES } from './modules';
import { LATEST_VERSION, PROTOCOL_VERSIONS } from './versions';
import type { WireStyle } from './wire-encode';

/** An example answer, named after the token that gets it. */
export interface OpenApiExample {
  readonly token: string;
  readonly status: number;
  readonly body: unknown;
}

/** The Response fields that make the error body (reference, "Errors"); typed so a renamed field fails to compile. */
const ERROR_FIELDS: readonly FieldNameOf<'Response'>[] = ['errorCode', 'errorText'];

/** The version each field arrived in, per version, for the document's description. */
function versionHistory(): string {
  return PROTOCOL_VERSIONS.filter((v) => v !== '1.0')
    .map((version) => {
      const added = Object.entries(FIELD_TABLE).flatMap(([resource, rows]) =>
        rows.filter((r) => 'since' in r && r.since === version).map((r) => `${resource}.${r.name}`),
      );
      return `- ${version}: ${added.join(', ')}${version === '1.3' ? '; POST with the token in a header' : ''}`;
    })
    .join('\n');
}

/**
 * The OpenAPI 3.1 description of the protocol, derived from the field table: both operations,
 * every resource (as `wire` sends it: all-string scalars, or JSON types with `typed`), the error
 * body, versions and modules in descriptions; `examples` are answers served from a scenario set.
 */
export function openApiDocument(wire: WireStyle, examples: readonly OpenApiExample[] = []): JsonSchema {
  const defs = resourceDefinitions(wire === 'typed' ? 'wire-typed' : 'wire');
  const schemas = JSON.parse(
    JSON.stringify(notesAsDescriptions(defs)).replaceAll('"#/$defs/', '"#/components/schemas/'),
  ) as Record<string, JsonSchema>;
  const responseProps = schemas.Response.properties as Record<string, JsonSchema>;
  schemas.Error = {
    title: 'Error',
    description:
      'The optional body of a failure: any status other than 200, with or without this body (reference, "Errors")',
    type: 'object',
    properties: Object.fromEntries(ERROR_FIELDS.map((name) => [name, responseProps[name]])),
    additionalProperties: false,
  };
  const style =
    wire === 'typed'
      ? 'Booleans and whole numbers as JSON types (the `wire: typed` style)'
      : 'every scalar a JSON string, as the reference shows';
  return {
    openapi: '3.1.0',
    info: {
      title: 'Client authorization service',
      version: LATEST_VERSION,
      description: [
        `The interface a chat server calls to authorize a client by an opaque token and get the client card; scalars: ${style}.`,
        `Available only with one of the modules ${MODULES.join(', ')}; companyList only with ${COMPANY_MODULES.join(' or ')}.`,
        `Protocol versions ${PROTOCOL_VERSIONS.join(', ')}; fields by the version that added them:\n${versionHistory()}`,
        `Deprecated: ${RESOURCES.Client.filter((f) => f.deprecatedFor)
          .map((f) => `${f.name} (use ${f.deprecatedFor})`)
          .join(', ')}.`,
      ].join('\n\n'),
    },
    paths: {
      [`${PROTOCOL_PATH}/{token}`]: {
        get: operation(
          'getClientByToken',
          'Get the client by token (token in the path)',
          { name: 'token', in: 'path' },
          examples,
        ),
      },
      [`${PROTOCOL_PATH}/`]: {
        post: operation(
          'postClientByToken',
          'Get the client by token (token in the `token` header; since protocol 1.3)',
          { name: 'token', in: 'header' },
          examples,
        ),
      },
    },
    components: { schemas },
  };
}

function operation(
  operationId: string,
  summary: string,
  token: { name: string; in: string },
  examples: readonly OpenApiExample[],
): JsonSchema {
  return {
    operationId,
    summary,
    parameters: [{ ...token, required: true, description: 'The client token: any string', schema: { type: 'string' } }],
    responses: {
      '200': {
        description: 'The client card: `client` for an authorized client, `companyList` under the module conditions',
        content: json(
          'Response',
          examples.filter((e) => e.status === 200),
        ),
      },
      default: {
        description: 'A failure: any status other than 200; the body is optional',
        content: json(
          'Error',
          examples.filter((e) => e.status !== 200),
        ),
      },
    },
  };
}

function json(schema: string, examples: readonly OpenApiExample[]): JsonSchema {
  const named = Object.fromEntries(
    examples.map((e) => [e.token, { summary: `token "${e.token}" (HTTP ${e.status})`, value: e.body }]),
  );
  return {
    'application/json': {
      schema: { $ref: `#/components/schemas/${schema}` },
      ...(examples.length > 0 ? { examples: named } : {}),
    },
  };
}
