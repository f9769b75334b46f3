/**
 * The link options' words: the same on the admin pages and in the user dialog (CONTRACT §18: both
 * forms name every option alike). Read in the language in use when called (catalogue: `linkForm`).
 */
import { MAX_GEO_TARGETS, MAX_TAGS, MIN_LINK_PASSWORD_LENGTH } from '../../../../redirector/contract';
import { i18next } from '../../i18n';

export function linkOptionTexts() {
  const t = i18next.t;
  const n = (index: number) => ({ n: index + 1 });
  return {
    tagsHint: t('linkForm.tagsHint', { max: MAX_TAGS }),
    forwardQuery: { label: t('linkForm.options.forwardQuery.label'), hint: t('linkForm.options.forwardQuery.hint') },
    tiktok: { label: t('linkForm.options.tiktok.label'), hint: t('linkForm.options.tiktok.hint') },
    country: { label: t('linkForm.options.country.label'), hint: t('linkForm.options.country.hint') },
    instagram: { label: t('linkForm.options.instagram.label'), hint: t('linkForm.options.instagram.hint') },
    utm: {
      title: t('linkForm.utm.title'),
      hint: t('linkForm.utm.hint'),
      template: t('linkForm.utm.template'),
      used: (count: number) => t('linkForm.utm.used', { n: count }),
      labels: {
        utm_source: t('linkForm.utm.labels.utm_source'),
        utm_medium: t('linkForm.utm.labels.utm_medium'),
        utm_campaign: t('linkForm.utm.labels.utm_campaign'),
        utm_term: t('linkForm.utm.labels.utm_term'),
        utm_content: t('linkForm.utm.labels.utm_content'),
      },
      placeholders: {
        utm_source: t('linkForm.utm.placeholders.utm_source'),
        utm_medium: t('linkForm.utm.placeholders.utm_medium'),
        utm_campaign: t('linkForm.utm.placeholders.utm_campaign'),
        utm_term: t('linkForm.utm.placeholders.utm_term'),
        utm_content: t('linkForm.utm.placeholders.utm_content'),
      },
    },
    expiry: {
      title: t('linkForm.expiry.title'),
      expiresAt: t('linkForm.expiry.expiresAt'),
      expiresAtHint: t('linkForm.expiry.expiresAtHint'),
      pastWarning: t('linkForm.expiry.pastWarning'),
      maxClicks: t('linkForm.expiry.maxClicks'),
      maxClicksHint: t('linkForm.expiry.maxClicksHint'),
      expiredUrl: t('linkForm.expiry.expiredUrl'),
      expiredUrlHint: t('linkForm.expiry.expiredUrlHint'),
      expiredUrlPlaceholder: 'https://example.com/offer-ended',
    },
    password: {
      title: t('linkForm.password.title'),
      none: t('linkForm.password.none'),
      protected: t('linkForm.password.protected'),
      protectedHint: t('linkForm.password.protectedHint'),
      set: t('linkForm.password.set'),
      change: t('linkForm.password.change'),
      remove: t('common.remove'),
      // Their accessible names say what they change: a row of the form has other Remove buttons.
      changeName: t('linkForm.password.changeName'),
      removeName: t('linkForm.password.removeName'),
      cancel: t('common.cancel'),
      undo: t('linkForm.password.undo'),
      newLabel: t('linkForm.password.newLabel'),
      label: t('linkForm.password.label'),
      hint: t('linkForm.password.hint', { min: MIN_LINK_PASSWORD_LENGTH }),
      removing: t('linkForm.password.removing'),
    },
    devices: {
      title: t('linkForm.devices.title'),
      ios: t('linkForm.devices.ios'),
      iosPlaceholder: 'https://apps.apple.com/app/…',
      android: t('linkForm.devices.android'),
      androidPlaceholder: 'https://play.google.com/store/apps/…',
      hint: t('linkForm.devices.hint'),
    },
    geo: {
      title: t('linkForm.geo.title'),
      hint: t('linkForm.geo.hint', { max: MAX_GEO_TARGETS }),
      add: t('linkForm.geo.add'),
      choose: t('linkForm.geo.choose'),
      country: (index: number) => t('linkForm.geo.country', n(index)),
      address: (index: number) => t('linkForm.geo.address', n(index)),
      remove: (index: number) => t('linkForm.geo.remove', n(index)),
      full: t('linkForm.geo.full', { max: MAX_GEO_TARGETS }),
      placeholder: 'https://example.com/fr',
    },
  };
}
