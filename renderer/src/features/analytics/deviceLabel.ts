import type { DeviceType } from '../../../../redirector/contract';

const LABELS: Record<DeviceType, string> = { ios: 'iOS', android: 'Android', web: 'Web' };

export function deviceLabel(device: DeviceType | string | null | undefined): string {
  return LABELS[device as DeviceType] ?? 'Web';
}
