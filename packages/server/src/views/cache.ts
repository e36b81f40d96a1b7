import { type ContentEncoding, compress } from '../http/encoding';

type Packed = Exclude<ContentEncoding, 'identity'>;

interface Entry {
  version: string;
  body: Buffer;
  /** The body compressed, made the first time a client asks for that encoding. */
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * Serialized answers of the remembered reads, each with the version of what it was built from (see
 * migration 0007 and src/auth/access.ts). An answer is given again only for the very same version; any
 * other version means something it shows has changed, and it is built afresh. Least recently used
 * answers go first once the bodies (compressed forms included) take more than `maxBytes`. Concurrent
 * requests for the same answer at the same version wait for one build instead of each building it.
 */
export class ViewCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  /** `maxBytes` 0 keeps nothing: every answer is built. */
  constructor(readonly maxBytes: number) {}

  get size(): { answers: number; bytes: number } {
    return { answers: this.entries.size, bytes: this.bytes };
  }

  /** The JSON of `build()` at `version`: remembered, or built now (and remembered). */
  answer(key: string, version: string, build: () => Promise<unknown>): Promise<Buffer> {
    const kept = this.entries.get(key);
    if (kept && kept.version === version) {
      // Map keeps insertion order: moving the entry to the end marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return Promise.resolve(kept.body);
    }
    const buildKey = `${key}\n${version}`;
    const running = this.building.get(buildKey);
    if (running) return running;
    const built = build().then((value) => Buffer.from(JSON.stringify(value)));
    this.building.set(buildKey, built);
    built.then(
      (body) => {
        this.building.delete(buildKey);
        this.keep(key, version, body);
      },
      () => this.building.delete(buildKey),
    );
    return built;
  }

  /**
   * `body`, an answer of `key` at `version`, compressed: remembered beside it while the answer is kept,
   * so that each version is compressed once per encoding. An answer no longer kept is compressed anew.
   */
  packed(key: string, version: string, body: Buffer, encoding: Packed): Buffer {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version || entry.body !== body) return compress(body, encoding);
    const kept = entry[encoding];
    if (kept) return kept;
    const made = compress(body, encoding);
    entry[encoding] = made;
    this.bytes += made.length;
    this.evict();
    return made;
  }

  private keep(key: string, version: string, body: Buffer): void {
    this.forget(key);
    // One answer may take at most an eighth of the room, so that one huge page cannot empty the cache.
    if (body.length > this.maxBytes / 8) return;
    this.entries.set(key, { version, body });
    this.bytes += body.length;
    this.evict();
  }

  private evict(): void {
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(entry);
    }
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry);
  }
}

function sizeOf(entry: Entry): number {
  return entry.body.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0);
}
