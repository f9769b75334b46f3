import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from './Button';

/** How long the 'copied' confirmation stays (docs/api.md#pages). */
export const COPY_CONFIRMATION_MS = 2000;

/** Writes text to the clipboard; falls back to a hidden textarea where the async API is missing. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path (e.g. permissions denied)
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

/** True for COPY_CONFIRMATION_MS after `trigger()`; restarts on each trigger. */
export function useCopied(durationMs = COPY_CONFIRMATION_MS) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const trigger = () => {
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), durationMs);
  };
  return [copied, trigger] as const;
}

export interface CopyButtonProps {
  text: string;
  /** Accessible name before copying, e.g. 'Copy link'. */
  label?: string;
  /** 'icon': an icon button that turns into a check mark; 'text': a button that says 'Copied!'. */
  variant?: 'icon' | 'text';
  copiedLabel?: string;
  onCopied?: () => void;
}

export function CopyButton({
  text,
  label: givenLabel,
  variant = 'icon',
  copiedLabel: givenCopied,
  onCopied,
}: CopyButtonProps) {
  const { t } = useTranslation();
  const label = givenLabel ?? t('common.copyLink');
  const copiedLabel = givenCopied ?? t('common.copied');
  const [copied, markCopied] = useCopied();
  const onClick = async () => {
    await copyText(text);
    markCopied();
    onCopied?.();
  };
  if (variant === 'text') {
    return (
      <Button size="sm" icon={copied ? 'check' : 'copy'} onClick={onClick} aria-live="polite">
        {copied ? copiedLabel : label}
      </Button>
    );
  }
  return (
    <IconButton
      icon={copied ? 'check' : 'copy'}
      label={copied ? copiedLabel : label}
      tone={copied ? 'success' : 'default'}
      onClick={onClick}
    />
  );
}
