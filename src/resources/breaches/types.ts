/** The wire types of the breach register, straight from the server's schemas (no bundle cost). */
export type { Breach, BreachBody } from '../../../server/schemas/breaches';
