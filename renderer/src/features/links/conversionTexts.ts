/** The words of the social preview and split traffic sections: the same on the admin pages and in the user dialog. */
import { MAX_VARIANTS, PREVIEW_DESCRIPTION_MAX, PREVIEW_TITLE_MAX } from './linkConversionForm';

export const CONVERSION_TEXTS = {
  set: 'set',
  preview: {
    title: 'Social preview',
    hint: 'The card Facebook, X, Slack, LinkedIn, WhatsApp and other apps show where the link is shared.',
    cardTitle: 'Card headline',
    cardTitleHint: `At most ${PREVIEW_TITLE_MAX} characters; without it, the link's title.`,
    description: 'Preview description',
    descriptionHint: `At most ${PREVIEW_DESCRIPTION_MAX} characters.`,
    image: 'Preview image',
    imageHint: 'An https:// address of an image (1200 × 630 shows best).',
    imagePlaceholder: 'https://example.com/card.png',
    cardLabel: 'How the card will look',
    noTitle: 'Your link',
  },
  split: {
    title: 'Split traffic',
    hint: `Send visitors to 2 to ${MAX_VARIANTS} addresses by share; each visitor keeps getting the same one. iPhone and Android addresses still win for their devices.`,
    address: (index: number) => `Variant ${index + 1} address`,
    weight: (index: number) => `Variant ${index + 1} share (%)`,
    remove: (index: number) => `Remove variant ${index + 1}`,
    add: 'Add variant',
    placeholder: 'https://example.com/landing-b',
    sum: (sum: number) => `Shares add up to ${sum}%`,
    sumGood: 'Shares add up to 100%',
    full: `At most ${MAX_VARIANTS} variants.`,
  },
};
