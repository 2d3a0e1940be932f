import type { ApiKey, CreatedApiKey, NewApiKey } from '../../../server/schemas/apiKeys';

/** An API key as the API lists it, the answer of its creation, its form (server/schemas/apiKeys.ts). */
export type { ApiKey, CreatedApiKey, NewApiKey };
