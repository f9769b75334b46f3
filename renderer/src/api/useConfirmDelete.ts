/**
 * A Delete that asks first: which item the question is about, and the confirm dialog's props
 * (busy while the call runs, the failure shown in the dialog so the person can try again).
 */
import { useState } from 'react';
import type { ConfirmDialogProps } from '../components/Dialog';
import { errorMessage } from './client';

/** The words of one kind of Delete, as the features' text tables hold them. */
export interface DeleteTexts<Item> {
  delete: string;
  deleteTitle: string;
  deleting: string;
  deleteFailed: string;
  deleteQuestion: (item: Item) => string;
}

export function useConfirmDelete<Item>(texts: DeleteTexts<Item>, remove: (item: Item) => Promise<void>) {
  const [pending, setPending] = useState<{ item: Item; busy: boolean; error?: string } | null>(null);

  const onConfirm = async () => {
    if (!pending) return;
    const { item } = pending;
    setPending({ item, busy: true });
    try {
      await remove(item);
      setPending(null);
    } catch (caught) {
      setPending({ item, busy: false, error: errorMessage(caught, texts.deleteFailed) });
    }
  };

  const dialog: ConfirmDialogProps = {
    open: pending !== null,
    title: texts.deleteTitle,
    message: pending ? texts.deleteQuestion(pending.item) : '',
    confirmLabel: texts.delete,
    busyLabel: texts.deleting,
    busy: pending?.busy ?? false,
    error: pending?.error ?? null,
    onConfirm,
    onCancel: () => setPending(null),
  };
  return { ask: (item: Item) => setPending({ item, busy: false }), dialog };
}
