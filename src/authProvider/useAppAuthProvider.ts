import { useAuthProvider } from 'react-admin';
import type { AppAuthProvider } from './authProvider';

/** The authProvider with the app's own methods (signup, setPassword…), for the public pages. */
export function useAppAuthProvider(): AppAuthProvider {
  const authProvider = useAuthProvider<AppAuthProvider>();
  if (!authProvider) throw new Error('useAppAuthProvider must be used inside an AdminContext');
  return authProvider;
}
