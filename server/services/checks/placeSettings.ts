/** A capture this far from the claimed LGA's headquarters is flagged (`PLACE_MAX_KM`). */
export const defaultPlaceMaxKm = 25;
