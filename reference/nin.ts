/** A National Identification Number (NIMC): 11 digits. */
export const isNin = (value: string) => /^\d{11}$/.test(value);

/** A Bank Verification Number has 11 digits too. */
export const isBvn = isNin;
