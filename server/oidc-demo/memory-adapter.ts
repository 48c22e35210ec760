/**
 * oidc-provider's storage for the demo provider: in memory, on purpose (a
 * restart only forgets half-finished demo sign-ins). Bounded so a flood of
 * authorization requests cannot grow it without limit.
 */
type Payload = Record<string, unknown> & { uid?: string; userCode?: string; grantId?: string; consumed?: number };

const MAX_ENTRIES = 20_000;
const store = new Map<string, { payload: Payload; expiresAt: number }>();

function sweep(now: number): void {
  if (store.size < MAX_ENTRIES) return;
  for (const [key, entry] of store) if (entry.expiresAt <= now) store.delete(key);
  while (store.size >= MAX_ENTRIES) store.delete(store.keys().next().value!);
}

export class MemoryAdapter {
  private readonly model: string;

  constructor(model: string) {
    this.model = model;
  }

  private key(id: string): string {
    return `${this.model}:${id}`;
  }

  async upsert(id: string, payload: Payload, expiresIn: number): Promise<void> {
    const now = Date.now();
    sweep(now);
    store.set(this.key(id), { payload, expiresAt: expiresIn ? now + expiresIn * 1000 : Number.POSITIVE_INFINITY });
  }

  async find(id: string): Promise<Payload | undefined> {
    const entry = store.get(this.key(id));
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      store.delete(this.key(id));
      return undefined;
    }
    return entry.payload;
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    for (const [key, entry] of store)
      if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid) return entry.payload;
    return undefined;
  }

  async findByUserCode(userCode: string): Promise<Payload | undefined> {
    for (const [key, entry] of store)
      if (key.startsWith(`${this.model}:`) && entry.payload.userCode === userCode) return entry.payload;
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const entry = store.get(this.key(id));
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    store.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
  }
}
