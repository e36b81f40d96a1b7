import type { components } from '@kitty/api/schema';

export type LiveEvent = components['schemas']['LiveEvent'];

/**
 * Reads a text/event-stream as it arrives: feed it chunks, it answers the complete events among them (the
 * `change` events with their JSON; comments, `retry:` and unknown events are skipped).
 */
export function sseParser(): (chunk: string) => LiveEvent[] {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    const events: LiveEvent[] = [];
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      cut = buffer.indexOf('\n\n');
      let name = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') name = value;
        else if (field === 'data') data.push(value);
      }
      if (name !== 'change' || data.length === 0) continue;
      try {
        events.push(JSON.parse(data.join('\n')) as LiveEvent);
      } catch {
        // A broken event is skipped; the next reconnect catches up.
      }
    }
    return events;
  };
}
