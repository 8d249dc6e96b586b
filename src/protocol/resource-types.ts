import type { FieldNameOf, FieldRowOf, FieldType, RequiredFieldNameOf, ResourceName } from './fields';

/**
 * TypeScript types of every resource as a scenario writes it, derived from FIELD_TABLE (declared
 * `as const`): a field the table lacks is a compile error, a required one must be there. Values
 * accept what the loader accepts (json-schema.ts, authoring mode), since all are encoded anyway.
 */

/** What a scenario may write for a scalar of the reference's `type`. */
export type ScalarInput<T> = T extends 'String'
  ? string | number
  : T extends 'Date'
    ? string
    : T extends 'Boolean'
      ? boolean | 'true' | 'false'
      : T extends 'Integer' | 'Long'
        ? number | `${bigint}`
        : never;

/** What a scenario may write for a field of type `T`: a scalar, a nested resource, a list of them, or the string map. */
export type FieldInput<T extends FieldType> = T extends { readonly one: infer R extends ResourceName }
  ? ResourceInput<R>
  : T extends { readonly list: infer R extends ResourceName }
    ? readonly ResourceInput<R>[]
    : T extends 'Map<String,String>'
      ? Readonly<Record<string, string | number | boolean>>
      : ScalarInput<T>;

type Optional<R extends ResourceName> = Exclude<FieldNameOf<R>, RequiredFieldNameOf<R>>;

/** A resource as a scenario writes it: its required fields, and any of its optional ones. */
export type ResourceInput<R extends ResourceName> = {
  readonly [N in RequiredFieldNameOf<R>]: FieldInput<FieldRowOf<R, N>['type']>;
} & {
  readonly [N in Optional<R>]?: FieldInput<FieldRowOf<R, N>['type']>;
};
