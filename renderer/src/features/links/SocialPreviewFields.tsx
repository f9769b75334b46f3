/** The social preview section's fields and the card as apps will draw it (docs/api.md#social-previews). */
import { TextField } from '../../components/Field';
import { conversionTexts } from './conversionTexts';
import type { LinkFormState } from './useLinkForm';

/** The host the card names under its title: the destination's. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

export function SocialPreviewFields({ form }: { form: LinkFormState }) {
  const TEXTS = conversionTexts().preview;
  const { values, errors } = form;
  const image = values.preview_image.trim();
  const showImage = image.startsWith('https://') && !errors.preview_image;
  return (
    <>
      <p className="field__hint">{TEXTS.hint}</p>
      <div className="form-grid">
        {(
          [
            { name: 'preview_title', label: TEXTS.cardTitle, hint: TEXTS.cardTitleHint, maxLength: 200 },
            { name: 'preview_description', label: TEXTS.description, hint: TEXTS.descriptionHint, maxLength: 400 },
            {
              name: 'preview_image',
              label: TEXTS.image,
              hint: TEXTS.imageHint,
              type: 'url',
              placeholder: TEXTS.imagePlaceholder,
            },
          ] as const
        ).map(({ name, ...field }) => (
          <TextField key={name} {...field} optional {...form.field(name)} fieldClassName="span-2" />
        ))}
      </div>
      <figure className="preview-card" aria-label={TEXTS.cardLabel} data-testid="preview-card">
        {showImage ? <img className="preview-card__image" src={image} alt="" referrerPolicy="no-referrer" /> : null}
        <figcaption className="preview-card__text">
          <span className="preview-card__host">{hostOf(values.target_url)}</span>
          <strong className="preview-card__title">
            {values.preview_title.trim() || values.title.trim() || TEXTS.noTitle}
          </strong>
          {values.preview_description.trim() ? (
            <span className="preview-card__description">{values.preview_description.trim()}</span>
          ) : null}
        </figcaption>
      </figure>
    </>
  );
}
