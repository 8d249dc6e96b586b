import type { ProtocolVersion } from './versions';

/**
 * The single source of truth for the protocol: every resource and field of
 * shared/protocol/client-authorization-protocol.md ("Resources and their fields").
 * Validation, wire encoding, version and module gating, the JSON Schema, the field docs,
 * the synthetic generator, the checker and the recorder all read this table; nothing restates it.
 */

export const RESOURCE_NAMES = [
  'Response',
  'Client',
  'Branch',
  'Company',
  'Field',
  'Contacts',
  'Group',
  'ActionList',
] as const;

export type ResourceName = (typeof RESOURCE_NAMES)[number];

/** Scalar types as the reference names them; all of them go on the wire as JSON strings by default. */
export type ScalarType = 'String' | 'Date' | 'Boolean' | 'Integer' | 'Long';

/** A field's type: a scalar, a nested resource, a list of resources, or the deprecated string map. */
export type FieldType =
  ScalarType | 'Map<String,String>' | { readonly one: ResourceName } | { readonly list: ResourceName };

/**
 * What a field holds beyond its wire type: an identifier with check digits (the checker verifies
 * it) or personal data (the recorder's --redact replaces it).
 */
export type FieldRole =
  | 'inn'
  | 'ogrn'
  | 'kpp'
  | 'bik'
  | 'accounts'
  | 'full-name'
  | 'surname'
  | 'firstname'
  | 'patronymic'
  | 'birth-date'
  | 'secret-word'
  | 'phone'
  | 'email'
  | 'messenger-name'
  | 'company-name'
  | 'address';

export interface FieldSpec {
  readonly name: string;
  readonly type: FieldType;
  readonly required: boolean;
  /** The protocol version that introduced the field (1.0: present from the start). */
  readonly since: ProtocolVersion;
  /** Served only when a module that processes companies is installed. */
  readonly needsCompanyModule?: true;
  /** The field that replaces a deprecated one. */
  readonly deprecatedFor?: string;
  /** Values the reference declares; others are still served (the reference shows `type: "2"`). */
  readonly declaredValues?: readonly string[];
  /** Not in the reference's tables but shown in its samples; accepted and served as a String. */
  readonly undocumented?: true;
  /** Set on text fields only (String or Date): the checker and --redact read the text. */
  readonly role?: FieldRole;
  readonly meaning: string;
}

/** A row as written in FIELD_TABLE: `required` defaults to false and `since` to 1.0. */
export type FieldRow = Omit<FieldSpec, 'required' | 'since'> & {
  readonly required?: boolean;
  readonly since?: ProtocolVersion;
};

/**
 * Every resource's fields, in the reference's order (which is also the wire order), declared
 * `as const` so TypeScript derives the field names, types and versions of each resource
 * (FieldNameOf, FieldRowOf below) from the same rows the runtime reads through RESOURCES.
 */
export const FIELD_TABLE = {
  Response: [
    { name: 'client', type: { one: 'Client' }, meaning: 'Client information' },
    {
      name: 'companyList',
      type: { list: 'Company' },
      needsCompanyModule: true,
      meaning: 'Organizations the current client belongs to',
    },
    { name: 'errorCode', type: 'String', meaning: 'Error code' },
    { name: 'errorText', type: 'String', meaning: 'Error text' },
  ],
  Client: [
    { name: 'id', type: 'String', required: true, meaning: 'Client identifier in the CRM (Master ID)' },
    { name: 'contract', type: 'String', meaning: 'Master agreement number; several are separated by commas' },
    { name: 'telSysClientId', type: 'String', meaning: 'Client identifier in the telephony system' },
    { name: 'name', type: 'String', required: true, role: 'full-name', meaning: 'Full name' },
    { name: 'surname', type: 'String', required: true, role: 'surname', meaning: 'Surname' },
    { name: 'firstname', type: 'String', required: true, role: 'firstname', meaning: 'First name' },
    { name: 'patronymic', type: 'String', role: 'patronymic', meaning: 'Patronymic' },
    {
      name: 'type',
      type: 'String',
      required: true,
      declaredValues: ['0', '1'],
      meaning: 'Client type code (individual or legal entity)',
    },
    { name: 'enabled', type: 'Boolean', required: true, meaning: 'Whether servicing of the client is allowed' },
    { name: 'birthDate', type: 'Date', role: 'birth-date', meaning: 'Date of birth' },
    { name: 'extRef', type: 'String', meaning: 'Client identifier in the core accounting system' },
    { name: 'cardRef', type: 'String', meaning: 'Client identifier in the card system' },
    { name: 'bankBranch', type: { one: 'Branch' }, meaning: "Client's branch" },
    { name: 'crmURL', type: 'String', deprecatedFor: 'actionList', meaning: 'Full link to open the client in the CRM' },
    { name: 'actionList', type: { list: 'ActionList' }, since: '1.4', meaning: 'Link buttons as name and value pairs' },
    { name: 'inn', type: 'String', role: 'inn', meaning: 'Client tax number' },
    { name: 'shortName', type: 'String', since: '1.1', role: 'full-name', meaning: 'Short name' },
    {
      name: 'accountNumbers',
      type: 'String',
      since: '1.3',
      role: 'accounts',
      meaning: 'Client account numbers, kept only within an open conversation',
    },
    { name: 'positionStream', type: 'Boolean', since: '1.3', meaning: 'Portfolio flag' },
    { name: 'betaUser', type: 'Boolean', since: '1.3', meaning: 'Beta user flag' },
    { name: 'lvlClient', type: 'String', since: '1.3', meaning: 'Service level, service priority' },
    { name: 'timezone', type: 'String', since: '1.3', meaning: "Time zone on the client's device" },
    { name: 'osVersion', type: 'String', since: '1.3', meaning: 'Device OS version' },
    { name: 'device', type: 'String', since: '1.3', meaning: 'Device type' },
    { name: 'deviceVersion', type: 'String', since: '1.3', meaning: 'Application version' },
    {
      name: 'fields',
      type: 'Map<String,String>',
      deprecatedFor: 'fieldList',
      meaning: 'Extra client information as name to value',
    },
    {
      name: 'fieldList',
      type: { list: 'Field' },
      since: '1.1',
      meaning: 'Extra client information, order kept in the operator interface',
    },
    {
      name: 'contacts',
      type: { one: 'Contacts' },
      since: '1.2',
      meaning: 'Client contacts for operators and omnichannel linking',
    },
    {
      name: 'secretWord',
      type: 'String',
      since: '1.2',
      role: 'secret-word',
      meaning: 'Code word for manual client identification',
    },
    { name: 'group', type: { list: 'Group' }, since: '1.2', meaning: 'Client groups' },
  ],
  Branch: [
    { name: 'id', type: 'Long', meaning: 'Branch identifier in the external system' },
    { name: 'extRef', type: 'String', meaning: 'Identifier in the core accounting system' },
    { name: 'bik', type: 'String', role: 'bik', meaning: 'Branch bank identification code' },
    { name: 'name', type: 'String', meaning: 'Branch name' },
  ],
  Company: [
    { name: 'id', type: 'Integer', required: true, meaning: 'Organization identifier in the external system' },
    { name: 'name', type: 'String', role: 'company-name', meaning: 'Organization name' },
    { name: 'type', type: 'String', meaning: 'Organization type code' },
    { name: 'enabled', type: 'Boolean', meaning: 'Whether servicing is allowed' },
    { name: 'extRef', type: 'String', meaning: 'Organization code in the core accounting system' },
    { name: 'inn', type: 'String', role: 'inn', meaning: 'Tax number' },
    { name: 'kpp', type: 'String', role: 'kpp', meaning: 'Tax registration reason code' },
    { name: 'resident', type: 'Boolean', meaning: 'Described as the non-resident flag' },
    { name: 'phone', type: 'String', role: 'phone', meaning: 'Phone numbers' },
    { name: 'shortName', type: 'String', role: 'company-name', meaning: 'Short name' },
    { name: 'internationalName', type: 'String', role: 'company-name', meaning: 'International name' },
    { name: 'ogrn', type: 'String', role: 'ogrn', meaning: 'State registration number' },
    { name: 'ogrnDate', type: 'Date', meaning: 'Date of state registration' },
    { name: 'internationalAddress', type: 'String', role: 'address', meaning: 'Full international address' },
    {
      name: 'regAddress',
      type: 'String',
      undocumented: true,
      role: 'address',
      meaning: 'Shown in a sample company entry; its definition is not given',
    },
  ],
  Field: [
    { name: 'name', type: 'String', required: true, meaning: 'Field name displayed in the operator interface' },
    { name: 'value', type: 'String', required: true, meaning: 'Field value' },
  ],
  Contacts: [
    { name: 'phone', type: 'String', role: 'phone', meaning: 'Phone number' },
    { name: 'email', type: 'String', role: 'email', meaning: 'E-mail address' },
    {
      name: 'telegramUserName',
      type: 'String',
      role: 'messenger-name',
      meaning: 'Text identifier of the user in a messenger',
    },
    {
      name: 'whatsappPhone',
      type: 'String',
      role: 'phone',
      meaning: 'Messenger user identifier in phone-number format',
    },
  ],
  Group: [
    { name: 'id', type: 'Long', required: true, meaning: 'Group identifier in the external system' },
    { name: 'parentGroup', type: { one: 'Group' }, meaning: 'Parent group, for a tree structure' },
    { name: 'name', type: 'String', meaning: 'Group name' },
    { name: 'description', type: 'String', meaning: 'Group description' },
    { name: 'priority', type: 'Long', meaning: 'Default priority of conversations from clients in the group' },
  ],
  ActionList: [
    { name: 'name', type: 'String', meaning: 'Button or link text; defaults to an "open in CRM" label' },
    { name: 'type', type: 'Integer', declaredValues: ['0', '1'], meaning: '0 or omitted: link; 1: button' },
    { name: 'value', type: 'String', required: true, meaning: 'URL the button or link leads to' },
  ],
} as const satisfies Readonly<Record<ResourceName, readonly FieldRow[]>>;

/** The table as written, for type-level derivations. */
type FieldTable = typeof FIELD_TABLE;

/** The union of `resource`'s field names, e.g. FieldNameOf<'Contacts'> = 'phone' | 'email' | ... */
export type FieldNameOf<R extends ResourceName> = FieldTable[R][number]['name'];

/** The table row of `resource.name` exactly as declared (literal type, meaning and since included). */
export type FieldRowOf<R extends ResourceName, N extends FieldNameOf<R>> = Extract<
  FieldTable[R][number],
  { readonly name: N }
>;

/** The names of `resource`'s required fields. */
export type RequiredFieldNameOf<R extends ResourceName> = Extract<
  FieldTable[R][number],
  { readonly required: true }
>['name'];

function normalise(rows: readonly FieldRow[]): readonly FieldSpec[] {
  return Object.freeze(
    rows.map((r) => Object.freeze({ ...r, required: r.required ?? false, since: r.since ?? '1.0' })),
  );
}

/** Every resource's fields with defaults filled in: what validation, encoding and synth read. */
export const RESOURCES: Readonly<Record<ResourceName, readonly FieldSpec[]>> = Object.freeze(
  Object.fromEntries(RESOURCE_NAMES.map((r) => [r, normalise(FIELD_TABLE[r])])) as Record<
    ResourceName,
    readonly FieldSpec[]
  >,
);

/** The resource a structured field holds, or undefined for scalars and the string map. */
export function nestedResource(type: FieldType): ResourceName | undefined {
  if (typeof type === 'string') return undefined;
  return 'one' in type ? type.one : type.list;
}

/** The field spec of `resource.name`, if the protocol has it. */
export function findField(resource: ResourceName, name: string): FieldSpec | undefined {
  return RESOURCES[resource].find((f) => f.name === name);
}

/** A field's type as the reference writes it, for messages and docs. */
export function describeType(type: FieldType): string {
  if (typeof type === 'string') return type;
  return 'one' in type ? type.one : `List<${type.list}>`;
}
