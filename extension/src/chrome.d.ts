/**
 * The few WebExtension APIs the extension calls, typed by hand (promise forms, as Chromium and
 * Firefox both offer them under `chrome` in Manifest V3), instead of a types package.
 */
declare namespace chrome {
  namespace runtime {
    function getURL(path: string): string;
    function openOptionsPage(): Promise<void>;
    const onInstalled: { addListener(listener: () => void): void };
    const onStartup: { addListener(listener: () => void): void };
  }
  namespace storage {
    interface Area {
      get(keys: string | string[]): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    }
    const local: Area;
  }
  namespace tabs {
    interface Tab {
      id?: number;
      url?: string;
      title?: string;
    }
    function query(filter: { active: boolean; currentWindow: boolean }): Promise<Tab[]>;
  }
  namespace windows {
    function create(options: { url: string; type: 'popup'; width: number; height: number }): Promise<unknown>;
  }
  namespace contextMenus {
    interface OnClickData {
      menuItemId: string | number;
      linkUrl?: string;
      pageUrl?: string;
    }
    function create(options: { id: string; title: string; contexts: string[] }): void;
    function removeAll(): Promise<void>;
    const onClicked: { addListener(listener: (info: OnClickData, tab?: tabs.Tab) => void): void };
  }
}
