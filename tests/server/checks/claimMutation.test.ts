import { describe, expect, it } from 'vitest';
import { claimOf } from '../../../server/services/checks/claim';

/** What the checks compare the evidence with, for each kind of job. */
describe('claimOf', () => {
  const place = { state: 'lagos', lga: 'Ikeja' };

  it("takes an address job's subject and address, and its state and LGA", () => {
    expect(
      claimOf({
        kind: 'address',
        subject_name: 'Adebayo Okonkwo',
        fields: { first_name: 'Adebayo', address: '14 Allen Avenue' },
        ...place,
      }),
    ).toEqual({
      subjectName: 'Adebayo Okonkwo',
      address: '14 Allen Avenue',
      stateAlias: 'lagos',
      lga: 'Ikeja',
    });
  });

  it('takes a business by its name even when it has a contact', () => {
    expect(
      claimOf({
        kind: 'business',
        subject_name: 'Crystal Springs Ltd',
        fields: { contact_name: 'Emeka Obi', address: '1 Marina' },
        ...place,
      }),
    ).toMatchObject({ subjectName: 'Crystal Springs Ltd', address: '1 Marina' });
  });

  it("takes a product inspection's contact and the place of inspection", () => {
    expect(
      claimOf({
        kind: 'product',
        subject_name: 'Table water 75cl',
        fields: { contact_name: 'Amina Bello', inspection_address: '22 Warehouse Close' },
        ...place,
      }),
    ).toMatchObject({ subjectName: 'Amina Bello', address: '22 Warehouse Close' });
  });

  it('falls back to the subject without a contact, and to no address without one', () => {
    expect(
      claimOf({ kind: 'product', subject_name: 'Table water 75cl', fields: {}, ...place }),
    ).toMatchObject({ subjectName: 'Table water 75cl', address: null });
  });
});
