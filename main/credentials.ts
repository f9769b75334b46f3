/**
 * Session tokens sealed with Electron's safeStorage (passed in, so tests give a stand-in). Where it
 * cannot really encrypt, tokens are not written anywhere: the caller keeps them for the session.
 */

/** The parts of Electron's safeStorage this module uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: which secret store backs it. */
  getSelectedStorageBackend?(): string;
}

export interface CredentialStore {
  /** False where tokens can't be encrypted: they are then kept for the session only. */
  readonly encrypted: boolean;
  /** The token sealed for the settings file (base64), or null when it must not be written. */
  seal(token: string): string | null;
  /** The token back, or undefined when it can't be opened (another machine, a reset keyring). */
  open(sealed: string): string | undefined;
}

function backendOf(safeStorage: SafeStorageLike): string | undefined {
  try {
    return safeStorage.getSelectedStorageBackend?.();
  } catch {
    // Not a Linux build: the OS keychain (macOS) or DPAPI (Windows) backs it.
    return undefined;
  }
}

export function createCredentialStore(safeStorage: SafeStorageLike): CredentialStore {
  // On Linux without a keyring, safeStorage "encrypts" with a password built into Chromium
  // ('basic_text'): anyone who reads the file could decrypt it, so that counts as unavailable.
  const encrypted = safeStorage.isEncryptionAvailable() && backendOf(safeStorage) !== 'basic_text';
  return {
    encrypted,
    seal(token) {
      return encrypted ? safeStorage.encryptString(token).toString('base64') : null;
    },
    open(sealed) {
      if (!encrypted) return undefined;
      try {
        return safeStorage.decryptString(Buffer.from(sealed, 'base64'));
      } catch {
        return undefined;
      }
    },
  };
}
