import type { Adapter, AdapterPayload } from "oidc-provider";

/**
 * In-memory storage for oidc-provider's sessions, interactions and grants. The library's built-in
 * memory adapter shares one module-wide store between all provider instances (tests start several) and
 * prints a warning on every start; this one belongs to one provider. Nothing here needs to survive a
 * restart: access tokens are self-contained JWTs and a lost session only means signing in again.
 */

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds; Infinity when the model has no expiry. */
  expiresAt: number;
}

// Models whose entries belong to a grant and disappear when the grant is revoked.
const grantable = new Set([
  "AccessToken",
  "AuthorizationCode",
  "RefreshToken",
  "DeviceCode",
  "BackchannelAuthenticationRequest",
  "PreAuthorizedCode",
]);

const SWEEP_EVERY = 200;

class MemoryStore {
  readonly entries = new Map<string, Entry>();
  readonly sessionIdByUid = new Map<string, string>();
  readonly keyByUserCode = new Map<string, string>();
  readonly keysByGrant = new Map<string, Set<string>>();
  private writes = 0;

  get(key: string): AdapterPayload | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.payload;
  }

  set(key: string, payload: AdapterPayload, expiresIn: number | undefined): void {
    const expiresAt =
      typeof expiresIn === "number" ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
    this.entries.set(key, { payload, expiresAt });
    this.writes += 1;
    if (this.writes % SWEEP_EVERY === 0) this.sweep();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(key);
    }
    for (const [uid, id] of this.sessionIdByUid) {
      if (!this.entries.has(`Session:${id}`)) this.sessionIdByUid.delete(uid);
    }
    for (const [code, key] of this.keyByUserCode) {
      if (!this.entries.has(key)) this.keyByUserCode.delete(code);
    }
    for (const [grantId, keys] of this.keysByGrant) {
      for (const key of keys) if (!this.entries.has(key)) keys.delete(key);
      if (keys.size === 0) this.keysByGrant.delete(grantId);
    }
  }
}

class MemoryAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly store: MemoryStore,
  ) {}

  private key(id: string): string {
    return `${this.model}:${id}`;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const key = this.key(id);
    this.store.set(key, payload, expiresIn);
    if (this.model === "Session" && typeof payload.uid === "string") {
      this.store.sessionIdByUid.set(payload.uid, id);
    }
    if (payload.userCode) this.store.keyByUserCode.set(payload.userCode, key);
    if (grantable.has(this.model) && payload.grantId) {
      const keys = this.store.keysByGrant.get(payload.grantId) ?? new Set<string>();
      keys.add(key);
      this.store.keysByGrant.set(payload.grantId, keys);
    }
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.store.get(this.key(id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const id = this.store.sessionIdByUid.get(uid);
    return id === undefined ? undefined : this.find(id);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const key = this.store.keyByUserCode.get(userCode);
    return key === undefined ? undefined : this.store.get(key);
  }

  async consume(id: string): Promise<void> {
    const payload = this.store.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    this.store.entries.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const key of this.store.keysByGrant.get(grantId) ?? []) this.store.entries.delete(key);
    this.store.keysByGrant.delete(grantId);
  }
}

/** An adapter factory with its own store, for one provider instance. */
export function createMemoryAdapter(): (model: string) => Adapter {
  const store = new MemoryStore();
  return (model) => new MemoryAdapter(model, store);
}
