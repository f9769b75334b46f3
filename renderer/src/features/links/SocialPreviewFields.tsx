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
  const { values, errors, set } = form;
  const image = values.preview_image.trim();
  const showImage = image.startsWith('https://') && !errors.preview_image;
  return (
    <>
      <p className="field__hint">{TEXTS.hint}</p>
      <div className="form-grid">
        <TextField
          label={TEXTS.cardTitle}
          name="preview_title"
          optional
          maxLength={200}
          value={values.preview_title}
          onValueChange={(value) => set('preview_title', value)}
          error={errors.preview_title}
          hint={TEXTS.cardTitleHint}
          fieldClassName="span-2"
        />
        <TextField
          label={TEXTS.description}
          name="preview_description"
          optional
          maxLength={400}
          value={values.preview_description}
          onValueChange={(value) => set('preview_description', value)}
          error={errors.preview_description}
          hint={TEXTS.descriptionHint}
          fieldClassName="span-2"
        />
        <TextField
          label={TEXTS.image}
          name="preview_image"
          type="url"
          optional
          placeholder={TEXTS.imagePlaceholder}
          value={values.preview_image}
          onValueChange={(value) => set('preview_image', value)}
          error={errors.preview_image}
          hint={TEXTS.imageHint}
          fieldClassName="span-2"
        />
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
