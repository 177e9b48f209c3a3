/**
 * The API client's `request` as the models use it: importing it sets up, once, whom the requests speak
 * for and what a refused session does (./api-identity.ts). Models import `request` from here, and
 * everything else of the API (errors, types) from ./api.
 * @example import { request } from '../request'; await request(vipStatus, {})
 */
import './api-identity';

export { request } from './api';
