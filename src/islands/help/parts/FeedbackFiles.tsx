/** The feedback form's attachments: the shared Uploads list, wired to the form model's uploads. */
import { useStore } from '@nanostores/react';
import { addFile, files, removeFile } from '../../../lib/help/feedback-form';
import { $locale } from '../../../lib/i18n';
import { ATTACHMENT_MAX } from '../../../lib/limits';
import { Uploads } from '../../forms/parts/Uploads';
import { area, useText } from '../../ui/text';

// Declared here, not imported from ./text: shared by several islands, that one-line module was a
// chunk of its own, a request for 70 bytes (area() is memoised, so each area has one store).
const helpText = { help: area('help') };

export function FeedbackFiles({ error, disabled }: { error: string | null; disabled: boolean }) {
  const t = useText(helpText);
  const locale = useStore($locale);
  const uploads = useStore(files.$uploads);
  return (
    <Uploads
      label={t('help.attachments')}
      hint={t('help.attachmentsHint')}
      uploads={uploads}
      max={ATTACHMENT_MAX}
      locale={locale}
      text={{
        add: { image: t('help.addPicture'), audio: t('help.addAudio'), video: t('help.addVideo') },
        cancel: t('help.cancelUpload'),
        retry: t('help.retryUpload'),
        remove: (name) => t('help.removeFile', { name }),
        uploading: (progress) => t('help.uploading', { progress }),
        done: t('help.uploaded'),
        cancelled: t('help.cancelled'),
      }}
      onAdd={addFile}
      onCancel={files.cancel}
      onRetry={(upload) => void files.retry(upload.id)}
      onRemove={removeFile}
      error={error}
      disabled={disabled}
    />
  );
}
