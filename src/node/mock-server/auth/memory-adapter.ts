/**
 * Storage for the mock's authorization server (oidc-provider's adapter interface), in memory. The `Client` model also
 * resolves Client ID Metadata Documents: a client_id that is an http(s) URL is fetched and its JSON document used as
 * the client's metadata (client_id must equal the URL), which is how an authorization server supports CIMD with
 * oidc-provider's adapter hook.
 */
interface Stored {
  payload: Record<string, unknown>;
  expiresAt?: number;
  consumed?: number;
}

const stores = new Map<string, Map<string, Stored>>();

function storeFor(name: string): Map<string, Stored> {
  let s = stores.get(name);
  if (!s) {
    s = new Map();
    stores.set(name, s);
  }
  return s;
}

async function fetchClientMetadataDocument(url: string): Promise<Record<string, unknown> | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  try {
    const res = await fetch(parsed, { redirect: 'error', signal: AbortSignal.timeout(5_000) });
    if (!res.ok) return undefined;
    const doc = (await res.json()) as Record<string, unknown>;
    if (doc.client_id !== url) return undefined;
    return { ...doc, token_endpoint_auth_method: doc.token_endpoint_auth_method ?? 'none' };
  } catch {
    return undefined;
  }
}

export class MemoryAdapter {
  private readonly store: Map<string, Stored>;
  constructor(private readonly name: string) {
    this.store = storeFor(name);
  }

  async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number): Promise<void> {
    this.store.set(id, { payload, ...(expiresIn ? { expiresAt: Date.now() + expiresIn * 1000 } : {}) });
  }

  async find(id: string): Promise<Record<string, unknown> | undefined> {
    const hit = this.store.get(id);
    if (hit && (hit.expiresAt === undefined || hit.expiresAt > Date.now()))
      return { ...hit.payload, ...(hit.consumed ? { consumed: hit.consumed } : {}) };
    if (this.name === 'Client' && /^https?:\/\//.test(id)) return fetchClientMetadataDocument(id);
    return undefined;
  }

  async findByUserCode(userCode: string): Promise<Record<string, unknown> | undefined> {
    for (const v of this.store.values()) if (v.payload.userCode === userCode) return v.payload;
    return undefined;
  }

  async findByUid(uid: string): Promise<Record<string, unknown> | undefined> {
    for (const v of this.store.values()) if (v.payload.uid === uid) return v.payload;
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const hit = this.store.get(id);
    if (hit) hit.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    this.store.delete(id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const s of stores.values()) for (const [k, v] of s) if (v.payload.grantId === grantId) s.delete(k);
  }
}
