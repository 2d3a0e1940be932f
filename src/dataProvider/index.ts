import { addRefreshAuthToDataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { refreshAuth } from '../authProvider';
import { apiUrl, httpClient } from '../httpClient/httpClient';

/** The ra-data-simple-rest conventions the API follows for lists and details (DESIGN §4). */
const baseDataProvider = simpleRestProvider(apiUrl, httpClient);

/**
 * The app's dataProvider, in layers: the REST base, then the calls that are not CRUD (spread on
 * top as custom methods: assignJobs, uploadJobs… as the features arrive), then the token refresh
 * that runs before every call.
 */
export const dataProvider = addRefreshAuthToDataProvider(
  {
    ...baseDataProvider,
  },
  refreshAuth,
);

/** `useDataProvider<AppDataProvider>()` gives components the custom methods, typed. */
export type AppDataProvider = typeof dataProvider;
