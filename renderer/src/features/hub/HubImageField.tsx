/** One of the page's images, avatar or background (docs/api.md#the-hub): chosen once the page can keep it, removable when set. */
import { useTranslation } from 'react-i18next';
import { ImageFileField } from '../../components/ImageFileField';

export interface HubImage {
  /** False until the page is saved, for an image the server keeps of saved pages only. */
  canUpload: boolean;
  /** The page has this image. */
  present: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
  busy: boolean;
}

export interface HubImageFieldProps {
  image: HubImage;
  label: string;
  hint: string;
  removeLabel: string;
}

export function HubImageField({ image, label, hint, removeLabel }: HubImageFieldProps) {
  const { t } = useTranslation();
  return (
    <ImageFileField
      label={label}
      hint={image.canUpload ? hint : t('hub.avatarFirst')}
      disabled={!image.canUpload || image.busy}
      onFile={image.onFile}
      remove={image.present ? { label: removeLabel, disabled: image.busy, onClick: image.onRemove } : undefined}
    />
  );
}
