/**
 * The error code of the 403 that an account gets on every call while a policy requires two-factor
 * sign-in of it and it has not turned it on: the web app sends the user to the setup instead of
 * ending the session (the one 403 that does not sign out).
 */
export const twoFactorSetupRequiredCode = 'two_factor_setup_required';
