/** The feedback form's attachments: the shared Uploads list, wired to the form model's uploads. */
import { useStore } from '../../ui/use-store';
import { addFile, files, removeFile } from '../../../lib/help/feedback-form';
import { ATTACHMENT_MAX } from '../../../shared/limits';
import { Uploads } from '../../forms/parts/Uploads';
import { usePage } from '../../ui/page';

export function FeedbackFiles({ error, disabled }: { error: string | null; disabled: boolean }) {
  const { t, locale } = usePage();
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
