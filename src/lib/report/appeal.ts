/**
 * /k-appeal: the user's removed comments and restrictions, each with where its appeal stands, and
 * whether an appeal was just sent. Light on purpose: the form's model (./appeal-form) loads with the form.
 */
import { atom, computed } from 'nanostores';
import { request } from '../request';
import type { DataOf } from '../../shared/api/endpoint';
import { appealStatus } from '../../shared/api/endpoints/appeal';
import { dataOf, fill, loading, type Loadable } from '../model/loadable';

export type Subject = DataOf<typeof appealStatus>['subjects'][number];

/** @example dataOf($subjects.get())?.length */
export const $subjects = atom<Loadable<Subject[]>>(loading());

/** The subjects without an appeal: what the form offers. */
export const $open = computed($subjects, (subjects) => dataOf(subjects)?.filter((s) => !s.appeal) ?? []);

/** An appeal went: the page says so above the list, where it now shows. */
export const $appealSent = atom(false);

/**
 * The list (again after a send or a conflict; what was shown stays meanwhile).
 * @example await loadSubjects()
 */
export const loadSubjects = (): Promise<void> => fill($subjects, async () => (await request(appealStatus, {})).subjects, { keep: true });
