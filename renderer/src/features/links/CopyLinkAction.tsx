import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/Button';
import { copyText, useCopied } from '../../components/CopyButton';

/** Copy the full short link; 'Copied!' shows for 2 seconds (docs/api.md#pages). */
export function CopyLinkAction({ url }: { url: string }) {
  const { t } = useTranslation();
  const [copied, markCopied] = useCopied();
  return (
    <span className="row" style={{ gap: 4, flexWrap: 'nowrap' }}>
      <IconButton
        icon={copied ? 'check' : 'copy'}
        label={t(copied ? 'common.copied' : 'common.copyLink')}
        tone={copied ? 'success' : 'default'}
        onClick={async () => {
          await copyText(url);
          markCopied();
        }}
      />
      {copied ? (
        <span className="copied-note" role="status">
          {t('common.copied')}
        </span>
      ) : null}
    </span>
  );
}
