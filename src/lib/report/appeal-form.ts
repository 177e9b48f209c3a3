/**
 * The appeal form of /k-appeal: what is appealed (of the subjects not yet appealed), why, an
 * explanation, up to five screenshots from the app, and a phone number or e-mail to reply to. The
 * draft, screenshots included, survives a reload until it is sent.
 */
import type { MessageKey } from '../../shared/message-key';
import { atom, computed, type ReadableAtom } from 'nanostores';
import * as v from 'valibot';
import { messageKey, type BodyOf } from '../api';
import { request } from '../request';
import { appealSubmit } from '../../shared/api/endpoints/appeal';
import { checkContact } from '../../shared/forms/contact';
import { draftAttempt, draftChoice, draftId, draftPictures, draftText } from '../forms/draft-fields';
import { createForm } from '../forms/form';
import { screenshotsOf } from '../forms/pick-pictures';
import type { Picture } from '../../shared/forms/pictures';
import { checkText } from '../../shared/forms/rules';
import { randomId } from '../../shared/id';
import { $appealSent, $open, loadSubjects, type Subject } from './appeal';
import { APPEAL_REASONS, type AppealReason } from '../../shared/report/reasons';

export type { AppealReason } from '../../shared/report/reasons';
type Field = 'subject' | 'reason' | 'text' | 'contact' | 'pictures';

interface AppealDraft {
  subjectId: string | null;
  reason: AppealReason | null;
  text: string;
  contact: string;
  pictures: Picture[];
  /** One key per appeal: a retry after a lost answer is the same appeal on the server. */
  attempt: string;
}

/** The subject the query names (`?subject=`), chosen when the draft chose none. */
const $named = atom<string | null>(null);

/** @example appealForm.update({ reason: 'misjudged' }); await appealForm.submit() */
export const appealForm = createForm<AppealDraft, BodyOf<typeof appealSubmit>, void, Field>({
  schema: v.object({
    subjectId: draftId,
    reason: draftChoice(APPEAL_REASONS),
    text: draftText,
    contact: draftText,
    pictures: draftPictures,
    attempt: draftAttempt,
  }),
  empty: () => ({ subjectId: null, reason: null, text: '', contact: '', pictures: [], attempt: randomId() }),
  check: (draft) => {
    const chosen = $chosen.get();
    const text = checkText(draft.text, { required: true });
    const contact = checkContact(draft.contact);
    if (chosen && draft.reason && text.ok && contact.ok) {
      const screenshots = draft.pictures.map(({ id, name, mime, size }) => ({ id, name, mime, size }));
      return {
        ok: true,
        value: { subjectId: chosen.id, reason: draft.reason, description: text.text, contact: contact.value, screenshots, attempt: draft.attempt },
      };
    }
    const errors: Partial<Record<Field, MessageKey>> = {};
    if (!chosen) errors.subject = 'report.subjectRequired';
    if (!draft.reason) errors.reason = 'form.reasonRequired';
    if (!text.ok) errors.text = text.error;
    if (!contact.ok) errors.contact = contact.error;
    return { ok: false, errors };
  },
  async send(appeal) {
    try {
      await request(appealSubmit, appeal);
      $appealSent.set(true);
      void loadSubjects();
    } catch (error) {
      // Appealed meanwhile (another device): the list shows where that appeal stands.
      if (messageKey(error) === 'error.appealOpen') void loadSubjects();
      throw error;
    }
  },
  clears: { subjectId: ['subject', 'submit'] },
  keep: ['pictures'],
});

/**
 * The subject chosen: the draft's, else the query's, else the only one, and only while it is still
 * the user's to appeal.
 */
export const $chosen: ReadableAtom<Subject | undefined> = computed(
  [appealForm.$values, $open, $named],
  (draft, open, named): Subject | undefined =>
    open.find((s) => s.id === draft.subjectId) ?? open.find((s) => s.id === named) ?? (open.length === 1 ? open[0] : undefined),
);

export const screenshots = screenshotsOf(appealForm);

/**
 * The form with its draft; `subject` is the one the page was opened for, if any.
 * @example openAppeal(new URLSearchParams(location.search).get('subject'))
 */
export function openAppeal(subject: string | null): void {
  $named.set(subject);
  appealForm.open('appeal');
}
