import { findField, RESOURCE_NAMES, type ResourceName } from '../../src/protocol/fields';
import { FIELD_ROLES } from '../../src/protocol/field-roles';

describe('field roles', () => {
  it.each(Object.keys(FIELD_ROLES))('%s is a text field of the table (String or Date)', (key) => {
    const [resource, field] = key.split('.');
    expect(RESOURCE_NAMES).toContain(resource);
    expect(['String', 'Date']).toContain(findField(resource as ResourceName, field)?.type);
  });
});
