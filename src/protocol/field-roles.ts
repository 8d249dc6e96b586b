import type { FieldNameOf, ResourceName } from './fields';

/** "Client.inn": every field of the table as Resource.field. */
type FieldKey = { [R in ResourceName]: `${R}.${FieldNameOf<R>}` }[ResourceName];

/**
 * What some fields of the table hold, beyond their wire type: identifiers with check digits (the
 * checker verifies them) and personal data (the recorder's --redact replaces it). Keyed by
 * "Resource.field" of src/protocol/fields.ts, and the compiler rejects a key that is not a field
 * of the table: an annotation of the table, not a second list of the protocol.
 */
export const FIELD_ROLES = {
  'Client.inn': 'inn',
  'Company.inn': 'inn',
  'Company.ogrn': 'ogrn',
  'Company.kpp': 'kpp',
  'Branch.bik': 'bik',
  'Client.accountNumbers': 'accounts',
  'Client.name': 'full-name',
  'Client.shortName': 'full-name',
  'Client.surname': 'surname',
  'Client.firstname': 'firstname',
  'Client.patronymic': 'patronymic',
  'Client.birthDate': 'birth-date',
  'Client.secretWord': 'secret-word',
  'Contacts.phone': 'phone',
  'Contacts.whatsappPhone': 'phone',
  'Contacts.email': 'email',
  'Contacts.telegramUserName': 'messenger-name',
  'Company.phone': 'phone',
  'Company.name': 'company-name',
  'Company.shortName': 'company-name',
  'Company.internationalName': 'company-name',
  'Company.regAddress': 'address',
  'Company.internationalAddress': 'address',
} as const satisfies Partial<Record<FieldKey, string>>;

export type FieldRole = (typeof FIELD_ROLES)[keyof typeof FIELD_ROLES];

/** The role of `resource.field`, if it has one. */
export function fieldRole(resource: ResourceName, field: string): FieldRole | undefined {
  return (FIELD_ROLES as Record<string, FieldRole>)[`${resource}.${field}`];
}
