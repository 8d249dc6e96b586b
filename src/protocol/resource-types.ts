import type { FieldNameOf, FieldRowOf, RequiredFieldNameOf, ResourceName } from './fields';

/**
 * TypeScript types of every resource as a scenario writes it, derived from FIELD_TABLE (declared
 * `as const`): a field the table lacks is a compile error, a required one must be there. Values
 * accept what the loader accepts (json-schema.ts, authoring mode), since all are encoded anyway.
 */

/** What a scenario may write for a scalar of the reference's `type`. */
type ScalarInput<T> = T extends 'String'
  ? string | number
  : T extends 'Date'
    ? string
    : T extends 'Boolean'
      ? boolean | 'true' | 'false'
      : T extends 'Integer' | 'Long'
        ? number | `${bigint}`
        : never;

/** What a scenario may write for a field of type `T`: a scalar, a nested resource, a list of them, or the string map. */
type FieldInput<T> = T extends { readonly one: infer R extends ResourceName }
  ? ResourceInput<R>
  : T extends { readonly list: infer R extends ResourceName }
    ? readonly ResourceInput<R>[]
    : T extends 'Map<String,String>'
      ? Readonly<Record<string, string | number | boolean>>
      : ScalarInput<T>;

/**
 * A field's value type, labelled with what the protocol says of the field: an editor's hover on
 * `surname` shows `Field<"Surname (String; required; since 1.0)", string | number>`. The label is
 * an optional phantom property, so every `V` is still accepted as it is.
 */
type Field<About extends string, V> = V | (V & { readonly '(about)'?: About });

type TypeName<T> = T extends string
  ? T
  : T extends { readonly one: infer R extends string }
    ? R
    : T extends { readonly list: infer R extends string }
      ? `List<${R}>`
      : never;
type SinceOf<Row> = Row extends { readonly since: infer S extends string } ? S : '1.0';
type RequiredOf<Row> = Row extends { readonly required: true } ? 'required' : 'optional';
type DeprecationOf<Row> = Row extends { readonly deprecatedFor: infer D extends string }
  ? `; deprecated: use ${D}`
  : '';

/** What the table says of one field, as one line: meaning (type; required; since; deprecation). */
type AboutField<R extends ResourceName, N extends FieldNameOf<R>> =
  FieldRowOf<R, N> extends infer Row extends { readonly meaning: string; readonly type: unknown }
    ? `${Row['meaning']} (${TypeName<Row['type']>}; ${RequiredOf<Row>}; since ${SinceOf<Row>}${DeprecationOf<Row>})`
    : never;

type Optional<R extends ResourceName> = Exclude<FieldNameOf<R>, RequiredFieldNameOf<R>>;

// Nested resources stay bare, so a message names them ("not in type ResourceInput<"Client">").
type ValueOf<R extends ResourceName, N extends FieldNameOf<R>> = FieldRowOf<R, N>['type'] extends string
  ? Field<AboutField<R, N>, FieldInput<FieldRowOf<R, N>['type']>>
  : FieldInput<FieldRowOf<R, N>['type']>;

/** A resource as a scenario writes it: its required fields, and any of its optional ones. */
export type ResourceInput<R extends ResourceName> = {
  readonly [N in RequiredFieldNameOf<R>]: ValueOf<R, N>;
} & {
  readonly [N in Optional<R>]?: ValueOf<R, N>;
};
