/** The words of the link list's selection and action bar (catalogue: `links.bulk`), in the language in use when called. */
import { catalogueTexts, i18next } from '../../i18n';

const PLAIN = 'region clear tag tagPlaceholder addTag removeTag delete deleting confirmTitle selectPage moveTo move';

export function linkBulkTexts() {
  const t = i18next.t;
  return {
    selected: (count: number) => t('links.bulk.selected', { count }),
    selectAll: (count: number) => t('links.bulk.selectAll', { count }),
    selectRow: (name: string) => t('links.bulk.selectRow', { name }),
    done: (count: number) => t('links.bulk.done', { count }),
    failed: (count: number, reason: string) => t('links.bulk.failed', { count, reason }),
    error: (message: string) => t('links.bulk.error', { message }),
    confirmMessage: (count: number) => t('links.bulk.confirmMessage', { count }),
    actions: {
      archive: t('links.bulk.actions.archive'),
      unarchive: t('links.bulk.actions.unarchive'),
      enable: t('links.bulk.actions.enable'),
      disable: t('links.bulk.actions.disable'),
    },
    ...catalogueTexts('links.bulk', PLAIN),
  };
}
