/** Keys given to `t()` are checked against the English catalogue, in the UI and on the server. */
import 'i18next';
import type { Catalogue } from './catalogues';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}
