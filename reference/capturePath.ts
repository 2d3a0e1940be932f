/**
 * Where capture links point (spec §2): `PUBLIC_URL` + this + the token. The server, the dev server
 * and the wizard all route on it.
 */
export const capturePathPrefix = '/automatic-address-verification/';
