import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestCertificate {
  /** The folder holding both files, to remove afterwards. */
  dir: string;
  certFile: string;
  keyFile: string;
  /** The certificate's PEM, for a client that should trust it. */
  cert: Buffer;
  /** The SHA-256 of its public key, base64: Chromium's `--ignore-certificate-errors-spki-list` trusts this key alone. */
  spki: string;
}

/** A self-signed certificate for 127.0.0.1 and localhost, valid a day, made with Debian's openssl. */
export function selfSignedCertificate(): TestCertificate {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-tls-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const cert = fs.readFileSync(certFile);
  const spkiDer = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
  return { dir, certFile, keyFile, cert, spki: createHash('sha256').update(spkiDer).digest('base64') };
}
