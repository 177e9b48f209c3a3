/**
 * The API client (docs/api.md): `request(endpoint, body)` with an endpoint value of
 * ./endpoints/<area>, errors as ApiError codes. Deliberately does not re-export ./crypto (lazy
 * chunk) nor src/shared/api/contract.ts (every area's schemas: the server's map).
 */
export { request, setReauth, setIdentity, TIMEOUT_MS, type Identity, type Reauth, type RequestOptions } from './client';
export { ApiError, messageKey, serverCode, type ApiErrorCode } from './api-error';
export { ENVELOPE, WIRE_FIELDS, endpoint, type BodyOf, type DataOf, type Endpoint, type WireFields } from '../../shared/api/endpoint';
