/** The "My page" editor's state and actions (docs/api.md#the-hub): save, delete, avatar, with one message. */
import { useState } from 'react';
import type { Hub } from '../../../../redirector/contract';
import { useHubCalls } from '../../api/hub';
import { useBusyCall } from '../../api/useBusyCall';
import { readAsDataUrl } from '../../components/readAsDataUrl';
import { i18next } from '../../i18n';
import type { HubImage } from './HubImageField';
import { draftOf, type HubDraft, type HubOwner, inputOf } from './hubDraft';

export type HubMessage = { tone: 'error' | 'success'; text: string };

/** One action at a time (useBusyCall), its outcome as the one message: the work's own words, or its error's. */
function useOneMessage() {
  const call = useBusyCall((caught) => (caught instanceof Error ? caught.message : String(caught)));
  const [done, setDone] = useState<string | null>(null);
  const run = (work: () => Promise<string>) => {
    setDone(null);
    return call.run(async () => setDone(await work()));
  };
  const message: HubMessage | null =
    call.error !== null ? { tone: 'error', text: call.error } : done === null ? null : { tone: 'success', text: done };
  const dismiss = () => {
    setDone(null);
    call.clearError();
  };
  return { busy: call.busy, message, dismiss, run };
}

export function useHubEditor(initial: Hub | null, owner: HubOwner) {
  const calls = useHubCalls();
  const [hub, setHub] = useState<Hub | null>(initial);
  const [draft, setDraft] = useState<HubDraft>(() => draftOf(initial, owner));
  // What was last saved (or loaded): the draft differs from it while there are unsaved changes.
  const [savedDraft, setSavedDraft] = useState<HubDraft>(draft);
  // The chosen file as a data: address: the UI's policy shows no other origin's images.
  const [localAvatar, setLocalAvatar] = useState<string | null>(null);
  const [refresh, setRefresh] = useState(0);
  // Chosen before the page's first save: uploaded right after it (the server keeps avatars of pages only).
  const [pendingAvatar, setPendingAvatar] = useState<File | null>(null);

  const { busy, message, dismiss, run } = useOneMessage();

  const upload = (file: File) =>
    run(async () => {
      const shown = readAsDataUrl(file);
      if (hub === null) {
        setPendingAvatar(file);
        setLocalAvatar(await shown);
        return i18next.t('hub.avatarPending');
      }
      setHub((await calls.setAvatar(file)).hub);
      setLocalAvatar(await shown);
      return i18next.t('hub.saved');
    });
  const uploadBackground = (file: File) =>
    run(async () => {
      setHub((await calls.setBackground(file)).hub);
      return i18next.t('hub.saved');
    });
  const removeBackground = () =>
    run(async () => {
      await calls.removeBackground();
      setHub((current) => current && { ...current, background_url: null });
      return i18next.t('hub.saved');
    });
  const removeAvatar = () =>
    run(async () => {
      await calls.removeAvatar();
      setHub((current) => current && { ...current, avatar_url: null });
      setLocalAvatar(null);
      return i18next.t('hub.saved');
    });

  return {
    hub,
    draft,
    busy,
    message,
    localAvatar,
    refresh,
    unsaved: pendingAvatar !== null || JSON.stringify(draft) !== JSON.stringify(savedDraft),
    dismiss,
    change: (patch: Partial<HubDraft>) => setDraft((current) => ({ ...current, ...patch })),
    save: () =>
      run(async () => {
        let saved = (await calls.save(inputOf(draft))).hub!;
        if (pendingAvatar) {
          saved = (await calls.setAvatar(pendingAvatar)).hub ?? saved;
          setPendingAvatar(null);
        }
        setHub(saved);
        const next = draftOf(saved, owner);
        setDraft(next);
        setSavedDraft(next);
        setRefresh((value) => value + 1);
        return i18next.t('hub.saved');
      }),
    remove: () =>
      run(async () => {
        await calls.remove();
        setHub(null);
        setLocalAvatar(null);
        return i18next.t('hub.deleted');
      }),
    avatar: {
      canUpload: true,
      present: Boolean(hub?.avatar_url),
      onFile: upload,
      onRemove: removeAvatar,
      busy,
    } satisfies HubImage,
    // The server keeps a background of a saved page only.
    background: {
      canUpload: hub !== null,
      present: Boolean(hub?.background_url),
      onFile: uploadBackground,
      onRemove: removeBackground,
      busy,
    } satisfies HubImage,
  };
}
