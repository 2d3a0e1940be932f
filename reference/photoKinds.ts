/** The capture's photos, in the order the wizard takes them and the evidence shows them. */
export const photoKinds = ['selfie', 'house', 'utility_bill'] as const;
export type PhotoKind = (typeof photoKinds)[number];
