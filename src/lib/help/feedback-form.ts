/**
 * The feedback form of /feedback and /feedback2 (spec §3 fields, §5 rules): type, description,
 * attachments uploaded by the app, screenshots, contact, the important flag with its phone number, a
 * verification code when the backend asks for one, app logs, and (from the player) the song playing.
 * Every value but the code's wait is kept in a draft until sent; one tap sends once.
 */
import type { MessageKey } from '../../shared/message-key';
import { atom } from 'nanostores';
import { messageKey, type BodyOf } from '../api';
import { request } from '../request';
import { feedbackCode, feedbackSong, feedbackSubmit } from '../../shared/api/endpoints/feedback';
import { countdown } from '../forms/countdown';
import { createForm, type Checked } from '../forms/form';
import { screenshotsOf } from '../forms/pick-pictures';
import { isRefused } from '../forms/upload';
import { uploadList, type Kind } from '../forms/uploads';
import { pageLocale } from '../i18n';
import { $selfInfo } from '../stores/self-info';
import type { FeedbackConfig, FeedbackOrigin } from './feedback';
import { logUpload } from './feedback-log';
import { emptyFeedback, feedbackDraft, type FeedbackDraft } from './feedback-draft';
import { checkFeedback, type FeedbackField } from '../../shared/help/feedback-rules';

export type FeedbackFormField = FeedbackField | 'uploads' | 'pictures' | 'log';
export type { Kind, Upload } from '../forms/uploads';
export type { FeedbackDraft } from './feedback-draft';

// A wrong code, and one voided by too many wrong tries ("get a new code"), are the code field's.
const CODE_ERRORS = ['error.codeRequired', 'error.codeError', 'error.codeVoid'];

let opened: FeedbackOrigin & Pick<FeedbackConfig, 'phoneOptional'> = { presetType: null, song: null, phoneOptional: true };

/** The song playing, by name, once the catalogue has answered (null: not known, so not named). */
export const $playingSong = atom<{ name: string; artist: string } | null>(null);

/** The backend asks for a verification code (it said so up front, or refused a send without one). */
export const $needsCode = atom(false);
/** Seconds before another code may be asked for. */
export const resend = countdown();
export const log = logUpload();

function check(draft: FeedbackDraft): Checked<BodyOf<typeof feedbackSubmit>, FeedbackFormField> {
  const checked = checkFeedback(draft, { phoneOptional: opened.phoneOptional, codeRequired: $needsCode.get() });
  const errors: Partial<Record<FeedbackFormField, MessageKey>> = checked.ok ? {} : { ...checked.errors };
  const uploads = files.$uploads.get();
  // A refused file is listed with its reason but is not sent, so it does not hold the form back.
  if (uploads.some((u) => u.state !== 'done' && u.state !== 'cancelled' && !isRefused(u))) errors.uploads = 'form.uploadUnfinished';
  const logFile = log.$log.get();
  if (draft.log && logFile?.state !== 'done') errors.log = logFile?.state === 'failed' ? 'error.uploadFailed' : 'form.uploadUnfinished';
  if (!checked.ok || errors.uploads || errors.log) return { ok: false, errors };
  return {
    ok: true,
    value: {
      ...checked.value,
      important: draft.important,
      attachments: uploads.filter((u) => u.state === 'done').map(({ id, name, mime, size, url }) => ({ id, name, mime, size, url: url! })),
      screenshots: draft.pictures.map(({ id, name, mime, size }) => ({ id, name, mime, size })),
      log: draft.log ? logFile!.url! : null,
      song: opened.song && draft.song ? opened.song : null,
      // The code was sent to the contact as read in this region (a national phone number): so is it checked.
      region: $selfInfo.get().dev_region,
      locale: pageLocale(),
      attempt: draft.attempt,
    },
  };
}

/** @example feedbackForm.update({ description: 'Lyrics are late.' }); await feedbackForm.submit() */
export const feedbackForm = createForm<FeedbackDraft, BodyOf<typeof feedbackSubmit>, void, FeedbackFormField>({
  schema: feedbackDraft,
  empty: () => emptyFeedback(opened.presetType),
  check,
  async send(body) {
    try {
      await request(feedbackSubmit, body);
    } catch (error) {
      // The backend wants a code now: the field appears, and everything else stays as it is.
      if (messageKey(error) === 'error.codeRequired') $needsCode.set(true);
      throw error;
    }
  },
  failed: (key) => (CODE_ERRORS.includes(key) ? 'code' : 'submit'),
  clears: { important: ['phone', 'submit'], song: [], attachments: [] },
  keep: ['pictures'],
});
// The log follows its box, in a restored draft too.
feedbackForm.$values.listen((draft) => log.follow(draft.log, draft.attempt));

/** The attachments; the draft keeps the finished ones. */
export const files = uploadList((uploads) => feedbackForm.update({ attachments: uploads.filter((u) => u.state === 'done') }));
export const screenshots = screenshotsOf(feedbackForm);

/**
 * Shows the draft (or an empty form of the preset type) for the page's options.
 * @example openFeedback(config, feedbackOrigin('player', location.search))
 */
export function openFeedback(config: Pick<FeedbackConfig, 'phoneOptional' | 'codeRequired'>, origin: FeedbackOrigin): void {
  opened = { ...origin, phoneOptional: config.phoneOptional };
  $needsCode.set(config.codeRequired);
  resend.stop();
  feedbackForm.open('feedback');
  files.restore(feedbackForm.$values.get().attachments);
  $playingSong.set(null);
  if (origin.song) void nameSong(origin.song);
}

async function nameSong(id: string): Promise<void> {
  try {
    const { song } = await request(feedbackSong, { id });
    // Another form opened meanwhile (a song changed, the page reopened): its own answer names it.
    if (song && opened.song === id) $playingSong.set({ name: song.name, artist: song.artist });
  } catch {
    // Unnamed, the box still says "the song playing now".
  }
}

/** Opens the app's picker for a file; outside the app, says where files can be added. */
export function addFile(kind: Kind): void {
  feedbackForm.clearErrors('uploads', 'submit');
  if (!files.add(kind)) feedbackForm.setError('uploads', 'shell.openInAppHint');
}

/** @example removeFile('f1') */
export function removeFile(id: string): void {
  files.remove(id);
  feedbackForm.clearErrors('uploads', 'submit');
}

let sendingCode = false;
/**
 * Sends a code to the contact typed; the button waits as long as the backend says.
 * @example await sendCode()
 */
export async function sendCode(): Promise<void> {
  const contact = feedbackForm.$values.get().contact.trim();
  if (!contact) return feedbackForm.setError('contact', 'error.contactEmpty');
  if (sendingCode) return;
  sendingCode = true;
  try {
    const { resendAfter } = await request(feedbackCode, { contact, region: $selfInfo.get().dev_region });
    resend.start(resendAfter);
    feedbackForm.clearErrors('code');
  } catch (error) {
    feedbackForm.setError('code', messageKey(error));
  } finally {
    sendingCode = false;
  }
}
