/** /submit-success: the submission just sent (under review), or else the last one decided. */
import { atom } from 'nanostores';
import { type DataOf } from '../api';
import { request } from '../request';
import { submissionStatus } from '../../shared/api/endpoints/submission';
import { command } from '../bridge';
import { fill, loading, type Loadable } from '../model/loadable';

export type Submission = NonNullable<DataOf<typeof submissionStatus>['open']>;

export const $submitted = atom<Loadable<Submission | null>>(loading());

/** @example await loadSubmitted() */
export const loadSubmitted = (): Promise<void> =>
  fill($submitted, async () => {
    const { open, last } = await request(submissionStatus, {});
    return open ?? last;
  });

/** Done: close the page, or back in a browser. @example <button onClick={finish}> */
export function finish(): void {
  if (!command('finishPage').ok) history.back();
}
