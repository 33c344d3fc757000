/**
 * The cryptography the mock's requestState needs, behind one small interface so that the same mock runs in Node and
 * in a service worker: `webMockCrypto` is WebCrypto (`crypto.subtle`, in every browser and in Node), and
 * `mock-crypto-node.ts` is node:crypto (synchronous underneath, so the Node mock pays no thread-pool hop per request).
 * Every operation is async because WebCrypto's are.
 */
export interface MockCrypto {
  sha256(data: Uint8Array): Promise<Uint8Array>;
  hmacSha256(key: Uint8Array, data: Uint8Array): Promise<Uint8Array>;
  /** AES-256-GCM: returns `ciphertext ‖ tag(16)`. */
  aesGcmSeal(key: Uint8Array, iv: Uint8Array, aad: Uint8Array, plaintext: Uint8Array): Promise<Uint8Array>;
  /** AES-256-GCM: takes `ciphertext ‖ tag(16)`; rejects when the tag does not verify. */
  aesGcmOpen(key: Uint8Array, iv: Uint8Array, aad: Uint8Array, sealed: Uint8Array): Promise<Uint8Array>;
}

// WebCrypto's typings want ArrayBuffer-backed views; ours always are.
const buf = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => bytes as Uint8Array<ArrayBuffer>;

export const webMockCrypto: MockCrypto = {
  async sha256(data) {
    return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', buf(data)));
  },
  async hmacSha256(key, data) {
    const subtle = globalThis.crypto.subtle;
    const k = await subtle.importKey('raw', buf(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return new Uint8Array(await subtle.sign('HMAC', k, buf(data)));
  },
  async aesGcmSeal(key, iv, aad, plaintext) {
    const subtle = globalThis.crypto.subtle;
    const k = await subtle.importKey('raw', buf(key), 'AES-GCM', false, ['encrypt']);
    const params = { name: 'AES-GCM', iv: buf(iv), additionalData: buf(aad), tagLength: 128 };
    return new Uint8Array(await subtle.encrypt(params, k, buf(plaintext)));
  },
  async aesGcmOpen(key, iv, aad, sealed) {
    const subtle = globalThis.crypto.subtle;
    const k = await subtle.importKey('raw', buf(key), 'AES-GCM', false, ['decrypt']);
    const params = { name: 'AES-GCM', iv: buf(iv), additionalData: buf(aad), tagLength: 128 };
    return new Uint8Array(await subtle.decrypt(params, k, buf(sealed)));
  },
};
