import createClient, { type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './generated/api';

export type { components, paths };

/** The API's typed client: paths, parameters, bodies and answers typed from the OpenAPI document. */
export const createApiClient = (options: ClientOptions = {}) => createClient<paths>(options);
export type ApiClient = ReturnType<typeof createApiClient>;
