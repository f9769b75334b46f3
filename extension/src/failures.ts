/** Each failure as the sentence the popup and the options page show (the `extension.errors` words). */
import type { ExtensionFailure } from '../../redirector/contract/extension';
import { serverText, t } from './i18n';

export function failureText(failure: ExtensionFailure, server: string): string {
  switch (failure.kind) {
    case 'unreachable':
      return t('extension.errors.unreachable', { server });
    case 'forbidden':
      return t('extension.errors.forbidden', { message: serverText(failure.message) });
    case 'rejected':
      return t('extension.errors.rejected', { message: serverText(failure.message) });
    case 'serverError':
      return t('extension.errors.serverError', { status: failure.status });
    default:
      return t(`extension.errors.${failure.kind}`);
  }
}
