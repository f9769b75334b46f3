/** Stand-ins for Electron's own objects (never for our code), shared by the main-process tests. */
import type { IpcCall } from '../../../main/ipc';

/** A safeStorage stand-in: a reversible scramble, so tests can see the token is not on disk as is. */
export function fakeSafeStorage(options: { available?: boolean; backend?: string } = {}) {
  const scramble = (bytes: Buffer) => Buffer.from(bytes.map((byte) => byte ^ 0x5a));
  return {
    isEncryptionAvailable: () => options.available ?? true,
    encryptString: (text: string) => Buffer.concat([Buffer.from('v10'), scramble(Buffer.from(text, 'utf8'))]),
    decryptString(encrypted: Buffer) {
      if (encrypted.subarray(0, 3).toString() !== 'v10') throw new Error('Error while decrypting the ciphertext');
      return scramble(encrypted.subarray(3)).toString('utf8');
    },
    ...(options.backend === undefined ? {} : { getSelectedStorageBackend: () => options.backend as string }),
  };
}

/** ipcMain's stand-in: keeps the handlers; `invoke` calls one the way Electron does, from a frame at `url`. */
export function fakeIpcMain() {
  const handlers = new Map<string, (event: IpcCall, ...args: unknown[]) => unknown>();
  return {
    handle(channel: string, listener: (event: IpcCall, ...args: unknown[]) => unknown) {
      handlers.set(channel, listener);
    },
    channels: () => [...handlers.keys()],
    invoke(url: string | null, channel: string, ...args: unknown[]): Promise<unknown> {
      const handler = handlers.get(channel);
      if (!handler) return Promise.reject(new Error(`No handler registered for '${channel}'`));
      try {
        return Promise.resolve(handler({ senderFrame: url === null ? null : { url } }, ...args));
      } catch (error) {
        // How Electron hands a handler's error to the renderer.
        return Promise.reject(new Error(`Error invoking remote method '${channel}': ${String(error)}`));
      }
    },
  };
}
