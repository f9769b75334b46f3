/** A self-signed certificate for a test's own TLS server, made by the real openssl. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';

/** Writes `key.pem` and `cert.pem` (one day, `CN=commonName`) into `dir`; returns their paths. */
export function selfSignedCertificate(dir: string, commonName: string): { key: string; cert: string } {
  const files = { key: path.join(dir, 'key.pem'), cert: path.join(dir, 'cert.pem') };
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    `/CN=${commonName}`,
    '-keyout',
    files.key,
    '-out',
    files.cert,
  ]);
  expect(made.status, String(made.stderr)).toBe(0);
  return files;
}
