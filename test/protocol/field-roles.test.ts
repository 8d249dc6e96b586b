import { RESOURCE_NAMES, RESOURCES } from '../../src/protocol/fields';

describe('field roles', () => {
  const withRoles = RESOURCE_NAMES.flatMap((resource) =>
    RESOURCES[resource].filter((f) => f.role !== undefined).map((f) => [`${resource}.${f.name}`, f.type] as const),
  );

  it.each(withRoles)('%s is a text field of the table (String or Date)', (_key, type) => {
    expect(['String', 'Date']).toContain(type);
  });
});
