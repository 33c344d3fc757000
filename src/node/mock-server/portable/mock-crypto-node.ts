/** node:crypto behind the mock's crypto interface (see mock-crypto.ts): the Node mock's implementation. */
import { createCipheriv, createDecipheriv, createHash, createHmac } from 'node:crypto';
import type { MockCrypto } from './mock-crypto.ts';

const TAG_BYTES = 16;

export const nodeMockCrypto: MockCrypto = {
  sha256: async (data) => new Uint8Array(createHash('sha256').update(data).digest()),
  hmacSha256: async (key, data) => new Uint8Array(createHmac('sha256', key).update(data).digest()),
  async aesGcmSeal(key, iv, aad, plaintext) {
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(aad);
    return new Uint8Array(Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]));
  },
  async aesGcmOpen(key, iv, aad, sealed) {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(aad);
    decipher.setAuthTag(sealed.subarray(sealed.byteLength - TAG_BYTES));
    return new Uint8Array(
      Buffer.concat([decipher.update(sealed.subarray(0, sealed.byteLength - TAG_BYTES)), decipher.final()]),
    );
  },
};
