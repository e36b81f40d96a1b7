import type { FastifyReply } from 'fastify';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

// Clients send a handful of distinct Accept-Encoding values (one per browser): each is parsed once.
const chosen = new Map<string, ContentEncoding>();
const CHOSEN_KEPT = 256;

/** Brotli when the client takes it, else gzip, else none (an encoding with q=0 is refused). */
export function acceptedEncoding(header: string | string[] | undefined): ContentEncoding {
  const text = String(header ?? '');
  let encoding = chosen.get(text);
  if (encoding === undefined) {
    encoding = parseAccepted(text);
    if (chosen.size >= CHOSEN_KEPT) chosen.clear();
    chosen.set(text, encoding);
  }
  return encoding;
}

function parseAccepted(header: string): ContentEncoding {
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** Adds Accept-Encoding to the reply's Vary (keeping what is there, such as Origin). */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
}
