/** One of the page's images, avatar or background (docs/api.md#the-hub): chosen once the page can keep it, removable when set. */
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
  /** What the field takes, or, while it cannot upload, what it waits for. */
  hint: string;
  removeLabel: string;
}

export function HubImageField({ image, label, hint, removeLabel }: HubImageFieldProps) {
  return (
    <ImageFileField
      label={label}
      hint={hint}
      disabled={!image.canUpload || image.busy}
      onFile={image.onFile}
      remove={image.present ? { label: removeLabel, disabled: image.busy, onClick: image.onRemove } : undefined}
    />
  );
}
