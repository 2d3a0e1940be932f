import { createAuth } from './authProvider';

export { loginPath, type AppAuthProvider, type AppIdentity } from './authProvider';
export { canAccess } from './canAccess';
export { areaHome, readSession, type Account, type Area, type Session } from './session';

export const { authProvider, authProviderFor, refreshAuth } = createAuth();
