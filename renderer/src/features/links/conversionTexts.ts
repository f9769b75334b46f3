/**
 * The words of the social preview and split traffic sections: the same on the admin pages and in
 * the user dialog, read in the language in use when called (catalogue: `linkForm`).
 */
import { i18next } from '../../i18n';
import { MAX_VARIANTS, PREVIEW_DESCRIPTION_MAX, PREVIEW_TITLE_MAX } from './linkConversionForm';

export function conversionTexts() {
  const t = i18next.t;
  const n = (index: number) => ({ n: index + 1 });
  return {
    preview: {
      title: t('linkForm.preview.title'),
      hint: t('linkForm.preview.hint'),
      cardTitle: t('linkForm.preview.cardTitle'),
      cardTitleHint: t('linkForm.preview.cardTitleHint', { max: PREVIEW_TITLE_MAX }),
      description: t('linkForm.preview.description'),
      descriptionHint: t('linkForm.preview.descriptionHint', { max: PREVIEW_DESCRIPTION_MAX }),
      image: t('linkForm.preview.image'),
      imageHint: t('linkForm.preview.imageHint'),
      imagePlaceholder: 'https://example.com/card.png',
      cardLabel: t('linkForm.preview.cardLabel'),
      noTitle: t('linkForm.preview.noTitle'),
    },
    split: {
      title: t('linkForm.split.title'),
      hint: t('linkForm.split.hint', { max: MAX_VARIANTS }),
      address: (index: number) => t('linkForm.split.address', n(index)),
      weight: (index: number) => t('linkForm.split.weight', n(index)),
      remove: (index: number) => t('linkForm.split.remove', n(index)),
      add: t('linkForm.split.add'),
      placeholder: 'https://example.com/landing-b',
      sum: (sum: number) => t('linkForm.split.sum', { sum }),
      sumGood: t('linkForm.split.sumGood'),
      full: t('linkForm.split.full', { max: MAX_VARIANTS }),
    },
  };
}
