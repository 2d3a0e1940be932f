import { describe, expect, it } from 'vitest';
import counts from '../../../reference/nigeria-lga-counts.json';
import { findLga, findState, states } from '../../../reference/locations';
import { jobFieldDefs, jobKinds } from '../../../reference/jobKinds';
import { validateJobFields } from '../../../reference/jobFields';

describe('the states and LGAs file', () => {
  it('holds 36 states and the FCT with 774 LGAs, each state at its official count', () => {
    expect(states).toHaveLength(37);
    expect(Object.keys(counts)).toHaveLength(37);
    expect(states.reduce((n, s) => n + s.lgas.length, 0)).toBe(774);
    for (const s of states) {
      expect({ state: s.alias, lgas: s.lgas.length }).toEqual({
        state: s.alias,
        lgas: (counts as Record<string, number>)[s.alias],
      });
    }
  });

  it('has no LGA twice within a state', () => {
    for (const s of states) {
      expect(new Set(s.lgas.map((l) => l.toLowerCase())).size).toBe(s.lgas.length);
    }
  });

  it('finds states by alias or name, in any case', () => {
    expect(findState('lagos')?.name).toBe('Lagos');
    expect(findState('abuja')?.name).toBe('Federal Capital Territory');
    expect(findState('FCT')?.alias).toBe('abuja');
    expect(findState('akwa_ibom')?.name).toBe('Akwa Ibom');
    expect(findState('Akwa Ibom')?.alias).toBe('akwa_ibom');
    expect(findState('cross_river')?.name).toBe('Cross River');
    expect(findState('CROSS RIVER')?.alias).toBe('cross_river');
    expect(findState('Atlantis')).toBeUndefined();
  });

  it('matches an LGA without regard to case and only within its state', () => {
    expect(findLga('lagos', 'ikeja')).toBe('Ikeja');
    expect(findLga('lagos', 'SURULERE')).toBe('Surulere');
    expect(findLga('oyo', 'surulere')).toBe('Surulere');
    expect(findLga('abia', 'Ikeja')).toBeUndefined();
  });
});

describe('job fields per kind', () => {
  const valid: Record<string, Record<string, string>> = Object.fromEntries(
    jobKinds.map((k) => [k, Object.fromEntries(jobFieldDefs[k].map((d) => [d.name, d.example]))]),
  );

  it("accepts every kind's template example", () => {
    for (const k of jobKinds) expect(validateJobFields(k, valid[k]!)).toMatchObject({ ok: true });
  });

  it('normalises phones, state aliases, LGA spelling and choices', () => {
    const r = validateJobFields('address', {
      ...valid.address,
      phone: '+234 803 123 4567',
      state: 'Lagos State',
      lga: 'eti-osa',
      id_type: "driver's licence",
      id_number: 'ABC123',
    });
    expect(r.ok && r.value).toMatchObject({
      state: 'lagos',
      lga: 'Eti Osa',
      subjectName: 'Chidi Okeke',
      fields: { phone: '+2348031234567', id_type: 'drivers_licence' },
    });
    expect(r.ok && 'state' in r.value.fields).toBe(false);
  });

  it('names every bad field', () => {
    const r = validateJobFields('address', {
      first_name: '',
      phone: '12345',
      email: 'nope',
      address: 'x'.repeat(301),
      landmark: 'gate',
      state: 'lagos',
      lga: 'Aba North',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      { field: 'first_name', msg: 'first_name is required' },
      { field: 'last_name', msg: 'last_name is required' },
      { field: 'phone', msg: 'phone must be a valid Nigerian phone number' },
      { field: 'email', msg: 'email must be a valid email address' },
      { field: 'address', msg: 'address must be at most 300 characters' },
      { field: 'lga', msg: 'lga "Aba North" is not an LGA of Lagos' },
    ]);
  });

  it('checks kind-specific rules', () => {
    const nin = validateJobFields('address', {
      ...valid.address,
      id_type: 'nin',
      id_number: '123',
    });
    expect(nin.ok || nin.errors).toEqual([{ field: 'id_number', msg: 'A NIN has 11 digits' }]);
    const noType = validateJobFields('address', { ...valid.address, id_type: '', id_number: '1' });
    expect(noType.ok || noType.errors[0]!.field).toBe('id_type');
    const cac = validateJobFields('business', {
      ...valid.business,
      cac_number: 'bn 1234567',
      cac_type: 'RC',
    });
    expect(cac.ok || cac.errors[0]!.msg).toBe('cac_number starts with BN but cac_type is RC');
    const cacOk = validateJobFields('business', {
      ...valid.business,
      cac_number: 'rc-0042',
      cac_type: 'rc',
    });
    expect(cacOk.ok && cacOk.value.fields).toMatchObject({ cac_number: 'RC0042', cac_type: 'RC' });
    const product = validateJobFields('product', { ...valid.product, nafdac_number: '!!' });
    expect(product.ok || product.errors[0]!.field).toBe('nafdac_number');
    const missing = validateJobFields('product', {});
    expect(missing.ok || missing.errors.map((e) => e.field)).toEqual([
      'product_name',
      'brand',
      'nafdac_number',
      'inspection_address',
      'state',
      'lga',
      'contact_name',
      'contact_phone',
    ]);
  });

  it('reads spreadsheet numbers as text', () => {
    const r = validateJobFields('address', {
      ...valid.address,
      phone: 8031234567 as unknown as string,
    });
    expect(r.ok && r.value.fields.phone).toBe('+2348031234567');
  });
});
