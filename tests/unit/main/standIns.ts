/** Stand-ins for Electron's own objects (never for our code), shared by the main-process tests. */

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
