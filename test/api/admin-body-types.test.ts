import { ADMIN_BODY_KEYS } from '../../src/api/admin-body-types';
import { ADMIN_BODY_NAMES, adminBodySchema } from '../../src/scenario/schema/admin-body-schemas';

test.each(ADMIN_BODY_NAMES)('the %s type has exactly the keys of its schema, required alike', (name) => {
  const schema = adminBodySchema(name) as { properties: object; required?: string[] };
  const typed = ADMIN_BODY_KEYS[name] as Record<string, boolean>;
  expect(Object.keys(typed).sort()).toEqual(Object.keys(schema.properties).sort());
  expect(
    Object.keys(typed)
      .filter((key) => typed[key])
      .sort(),
  ).toEqual([...(schema.required ?? [])].sort());
});
