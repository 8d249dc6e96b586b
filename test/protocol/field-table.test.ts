import {
  FIELD_TABLE,
  RESOURCE_NAMES,
  RESOURCES,
  findField,
  type FieldNameOf,
  type RequiredFieldNameOf,
} from '../../src/protocol/fields';

// Checked by `tsc -p tsconfig.json` (the whole test folder is type-checked): the unions come from the table.
const contactField: FieldNameOf<'Contacts'> = 'telegramUserName';
// @ts-expect-error surnmae is not a Client field
const misspelled: FieldNameOf<'Client'> = 'surnmae';
// @ts-expect-error inn is optional
const optional: RequiredFieldNameOf<'Client'> = 'inn';

describe('the field table declared as const', () => {
  it('gives RESOURCES the same rows in the same order, with required and since filled in', () => {
    for (const resource of RESOURCE_NAMES) {
      expect(RESOURCES[resource].map((f) => f.name)).toEqual(FIELD_TABLE[resource].map((f) => f.name));
    }
    expect(findField('Client', 'inn')).toMatchObject({ required: false, since: '1.0', type: 'String' });
    expect(findField('Client', 'actionList')).toMatchObject({
      required: false,
      since: '1.4',
      type: { list: 'ActionList' },
    });
    expect(findField('Client', 'surname')).toMatchObject({ required: true, since: '1.0' });
  });

  it('freezes the rows the runtime reads', () => {
    expect(Object.isFrozen(RESOURCES.Client)).toBe(true);
    expect(Object.isFrozen(RESOURCES.Client[0])).toBe(true);
    expect([contactField, misspelled, optional]).toEqual(['telegramUserName', 'surnmae', 'inn']);
  });
});
