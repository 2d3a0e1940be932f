/** The photos a capture takes, in the order the wizard asks for them. */
export const photoKinds = ['selfie', 'house', 'utility_bill'] as const;
export type PhotoKind = (typeof photoKinds)[number];
