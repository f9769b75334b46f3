/**
 * UTM templates (docs/api.md#utm-templates) as the link form reads them: the team's templates, or
 * none where no session hands the form a credential (a form shown on its own, as its tests do).
 */
import { useContext } from 'react';
import type { UtmTemplate, UtmTemplatesResponse } from '../../../redirector/contract';
import { ApiContext, CredentialContext } from './ApiProvider';
import { useLoad } from './useLoad';

export function useUtmTemplates(): UtmTemplate[] {
  const api = useContext(ApiContext);
  const signedIn = useContext(CredentialContext);
  const loaded = useLoad(
    async (signal) => {
      if (!api || !signedIn) return [];
      const path = '/api/utm-templates';
      return (await api.http.request<UtmTemplatesResponse>(path, { credential: signedIn.credential, signal }))
        .templates;
    },
    [api, signedIn?.credential],
  );
  return loaded.data ?? [];
}
