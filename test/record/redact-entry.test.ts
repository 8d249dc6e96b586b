import { createRedactor } from '../../src/record/redact-entry';
import { isValidInn, isValidKpp } from '../../src/synth/identifiers';

const ENTRY = {
  client: {
    id: '1',
    name: 'Ivanova Alisa Petrovna',
    shortName: 'Ivanova A. P.',
    surname: 'Ivanova',
    firstname: 'Alisa',
    patronymic: 'Petrovna',
    type: '0',
    enabled: 'true',
    birthDate: '1990-05-12',
    contacts: { phone: '+7 (916) 123-45-67', email: 'alisa@example.ru' },
    secretWord: 'кот',
  },
  companyList: [{ id: '7', inn: '7707083893', kpp: '773601001' }],
};

describe('createRedactor', () => {
  it("keeps each value's shape and ties a client's names together", () => {
    const { client, companyList } = createRedactor(7)(ENTRY) as typeof ENTRY;
    expect(client.name).toBe(`${client.surname} ${client.firstname} ${client.patronymic}`);
    expect(client.shortName).toBe(`${client.surname} ${client.firstname[0]}. ${client.patronymic[0]}.`);
    expect(client.surname).not.toBe('Ivanova');
    expect(client.surname).toMatch(/^[A-Za-z-]+$/);
    expect(client.contacts.phone).toMatch(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/);
    expect(client.contacts.phone).not.toBe('+7 (916) 123-45-67');
    expect(client.contacts.email).toMatch(/^[a-z0-9._-]+@example\.com$/);
    expect(client.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(client.secretWord).toMatch(/^[А-ЯЁ][а-яё]+$/);
    expect([client.id, client.type, client.enabled]).toEqual(['1', '0', 'true']);
    expect(isValidInn(companyList[0].inn) && companyList[0].inn !== '7707083893').toBe(true);
    expect(isValidKpp(companyList[0].kpp) && companyList[0].kpp.slice(0, 4)).toBe(companyList[0].inn.slice(0, 4));
  });

  it('gives the same stand-ins for the same seed, whatever else it redacted before, and others for another seed', () => {
    const fresh = createRedactor(7);
    const used = createRedactor(7);
    used({ client: { surname: 'Petrov', inn: '7707083893' } });
    expect(used(ENTRY)).toEqual(fresh(ENTRY));
    expect(createRedactor(8)(ENTRY)).not.toEqual(fresh(ENTRY));
  });
});
