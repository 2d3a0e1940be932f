/**
 * The four job kinds and their fields, by wire name: the same names in the create form, the API,
 * the bulk file's header row and the templates. The API validates with `validateJobFields`
 * (./jobFields.ts); the web app builds its forms and labels from these lists.
 */

export const jobKinds = ['address', 'business_address', 'business', 'product'] as const;
export type JobKind = (typeof jobKinds)[number];

export const jobKindLabels: Record<JobKind, string> = {
  address: 'Address',
  business_address: 'Business Address',
  business: 'Business',
  product: 'Product',
};

export const isJobKind = (v: unknown): v is JobKind => jobKinds.includes(v as JobKind);

export type JobFieldType = 'text' | 'phone' | 'email' | 'state' | 'lga' | 'choice';

export interface JobFieldChoice {
  value: string;
  label: string;
}

export interface JobFieldDef {
  name: string;
  label: string;
  type: JobFieldType;
  required: boolean;
  maxLength: number;
  /** For `choice` fields: the accepted values (a label is accepted too, in any case). */
  choices?: readonly JobFieldChoice[];
  /** The template's example row. */
  example: string;
  /** Shown as help text and in the API documentation. */
  hint?: string;
  /**
   * Identifies or locates a person (name, phone, email, ID number, address): hidden from a partner
   * once it declined the job or its assignment ended.
   */
  personal?: true;
}

const personal = (def: JobFieldDef): JobFieldDef => ({ ...def, personal: true });

export const idTypes: readonly JobFieldChoice[] = [
  { value: 'nin', label: 'NIN' },
  { value: 'bvn', label: 'BVN' },
  { value: 'voters_card', label: "Voter's Card" },
  { value: 'drivers_licence', label: "Driver's Licence" },
  { value: 'passport', label: 'International Passport' },
];

/** An identity document's label (`nin` → NIN); an unknown value as it is. */
export const idTypeLabel = (value: string) =>
  idTypes.find((c) => c.value === value)?.label ?? value;

export const cacTypes: readonly JobFieldChoice[] = [
  { value: 'BN', label: 'Business Name (BN)' },
  { value: 'RC', label: 'Company (RC)' },
  { value: 'IT', label: 'Incorporated Trustees (IT)' },
];

const text = (
  name: string,
  label: string,
  required: boolean,
  maxLength: number,
  example: string,
  hint?: string,
): JobFieldDef => ({ name, label, type: 'text', required, maxLength, example, hint });

const phone = (name: string, label: string, required: boolean, example: string): JobFieldDef => ({
  name,
  label,
  type: 'phone',
  required,
  maxLength: 30,
  example,
  hint: 'Nigerian number, e.g. 0803 123 4567; stored as +234…',
  personal: true,
});

const email = (name: string, label: string, required: boolean, example: string): JobFieldDef => ({
  name,
  label,
  type: 'email',
  required,
  maxLength: 254,
  example,
  personal: true,
});

const stateField: JobFieldDef = {
  name: 'state',
  label: 'State',
  type: 'state',
  required: true,
  maxLength: 60,
  example: 'lagos',
  hint: 'State alias (lagos, abuja, akwa_ibom, cross_river…) or name',
};

const lgaField: JobFieldDef = {
  name: 'lga',
  label: 'LGA',
  type: 'lga',
  required: true,
  maxLength: 60,
  example: 'Ikeja',
  hint: 'A local government area of that state, any case',
};

const contact = (exampleName: string): JobFieldDef[] => [
  personal(text('contact_name', 'Contact name', true, 200, exampleName)),
  phone('contact_phone', 'Contact phone', true, '08031234567'),
  email('contact_email', 'Contact email', false, 'contact@example.ng'),
];

export const jobFieldDefs: Record<JobKind, readonly JobFieldDef[]> = {
  address: [
    personal(text('first_name', 'First name', true, 100, 'Chidi')),
    personal(text('last_name', 'Last name', true, 100, 'Okeke')),
    phone('phone', 'Phone', true, '08031234567'),
    email('email', 'Email', true, 'chidi.okeke@example.ng'),
    personal(text('address', 'Address', true, 300, '12 Allen Avenue')),
    personal(text('landmark', 'Landmark', true, 200, 'Opposite the filling station')),
    stateField,
    lgaField,
    personal(text('guarantor_name', 'Guarantor name', false, 200, 'Bola Adeyemi')),
    phone('guarantor_phone', 'Guarantor phone', false, '08059876543'),
    {
      name: 'id_type',
      label: 'ID type',
      type: 'choice',
      required: false,
      maxLength: 40,
      choices: idTypes,
      example: 'nin',
      hint: 'nin, bvn, voters_card, drivers_licence or passport',
    },
    personal(
      text(
        'id_number',
        'ID number',
        false,
        30,
        '12345678901',
        'Required with an ID type; NIN and BVN have 11 digits',
      ),
    ),
  ],
  business_address: [
    text('business_name', 'Business name', true, 200, 'Mama Put Foods'),
    text('cac_number', 'CAC number', false, 20, 'RC123456'),
    personal(text('address', 'Address', true, 300, '5 Market Road')),
    personal(text('landmark', 'Landmark', false, 200, 'Beside the First Bank branch')),
    stateField,
    lgaField,
    ...contact('Ngozi Eze'),
  ],
  business: [
    text('business_name', 'Business name', true, 200, 'Acme Nigeria Ltd'),
    text(
      'cac_number',
      'CAC number',
      true,
      20,
      'RC123456',
      'Registration number, with or without its BN/RC/IT prefix',
    ),
    {
      name: 'cac_type',
      label: 'CAC type',
      type: 'choice',
      required: true,
      maxLength: 40,
      choices: cacTypes,
      example: 'RC',
      hint: 'BN (business name), RC (company) or IT (incorporated trustees)',
    },
    personal(text('address', 'Registered address', true, 300, '1 Marina')),
    stateField,
    lgaField,
    ...contact('Emeka Obi'),
  ],
  product: [
    text('product_name', 'Product name', true, 200, 'Table water 75cl'),
    text('brand', 'Brand', true, 200, 'Crystal Springs'),
    text('nafdac_number', 'NAFDAC number', true, 30, 'A1-1234'),
    text('batch_number', 'Batch number', false, 60, 'B2024-07'),
    personal(text('inspection_address', 'Where to inspect', true, 300, '22 Warehouse Close')),
    stateField,
    lgaField,
    ...contact('Amina Bello'),
  ],
};

/** The header row of a bulk file (and of the template) for a kind. */
export const jobFieldNames = (kind: JobKind) => jobFieldDefs[kind].map((f) => f.name);

/** Every field name that is personal in some kind (a name is personal in every kind that has it). */
export const personalFieldNames: readonly string[] = [
  ...new Set(
    Object.values(jobFieldDefs)
      .flat()
      .filter((f) => f.personal)
      .map((f) => f.name),
  ),
];

/** Kinds whose subject (listed and searched as `subject_name`) is a person's name. */
export const personalSubjectKinds: readonly JobKind[] = ['address'];
