/**
 * The API client (docs/api.md): `request(name, body)` for every endpoint of the contract, errors as
 * ApiError codes. Deliberately does not re-export ./crypto (lazy chunk) nor ./wire-node (Node only).
 */
export { request, setSession, TIMEOUT_MS, type RequestOptions, type Session } from './client';
export { ApiError, messageKey, serverCode, type ApiErrorCode } from './api-error';
export {
  ENDPOINTS,
  ENVELOPE,
  WIRE_FIELDS,
  type Endpoint,
  type EndpointName,
  type Endpoints,
  type Envelope,
  type RequestOf,
  type ResponseOf,
  type WireFields,
} from './contract';
