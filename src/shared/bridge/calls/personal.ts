/** The bridge call of the personal-data pages (docs/bridge.md): what the app knows of the account and device. */
import * as v from 'valibot';
import { id } from '../schemas';
import { querySpec } from '../spec';

const opt = v.optional;
const str = v.string();

/** @example v.parse(personalInfo, { nickname: 'Ann', osName: 'ColorOS' }) */
export const personalInfo = v.object({
  nickname: opt(str),
  phone: opt(str),
  registerTime: opt(id),
  deviceBrand: opt(str),
  deviceModel: opt(str),
  ip: opt(str),
  osName: opt(str),
  osVersion: opt(str),
  appVersion: opt(str),
});

export const getPersonalInfo = querySpec('getPersonalInfo', personalInfo, {});
