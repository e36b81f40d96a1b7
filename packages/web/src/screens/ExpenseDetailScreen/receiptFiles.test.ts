import { describe, expect, it } from 'vitest';
import { createReceiptFiles, type LoadFile } from './receiptFiles';

function setup(load?: LoadFile) {
  const loads: string[] = [];
  const live = new Set<string>();
  let next = 0;
  const files = createReceiptFiles(
    load ??
      (async (receiptId, kind) => {
        loads.push(`${receiptId}:${kind}`);
        return new Blob([receiptId]);
      }),
    {
      createObjectURL: () => {
        const url = `blob:test/${next++}`;
        live.add(url);
        return url;
      },
      revokeObjectURL: (url) => void live.delete(url),
    },
  );
  return { files, loads, live };
}

describe('createReceiptFiles', () => {
  it('loads each file once and gives the same URL to every reader', async () => {
    const { files, loads, live } = setup();
    const [a, b] = await Promise.all([files.url('r1', 'thumbnail'), files.url('r1', 'thumbnail')]);
    expect(a).toBe(b);
    expect(await files.url('r1', 'full')).not.toBe(a);
    expect(loads).toEqual(['r1:thumbnail', 'r1:full']);
    expect(live.size).toBe(2);
  });

  it('revokes a removed receipt’s URLs, and every URL when the section goes', async () => {
    const { files, live } = setup();
    const thumb = await files.url('r1', 'thumbnail');
    await files.url('r1', 'full');
    const other = await files.url('r2', 'thumbnail');
    files.forget('r1');
    expect([...live]).toEqual([other]);
    files.dispose();
    expect(live.size).toBe(0);
    expect(thumb).not.toBe(other);
  });

  it('revokes a URL whose file arrives after the section went, and stops the loads', async () => {
    let release: (blob: Blob) => void = () => {};
    let aborted: AbortSignal | undefined;
    const { files, live } = setup((_id, _kind, signal) => {
      aborted = signal;
      return new Promise<Blob>((resolve) => {
        release = resolve;
      });
    });
    const late = files.url('r1', 'full');
    files.dispose();
    expect(aborted?.aborted).toBe(true);
    release(new Blob(['x']));
    await late;
    expect(live.size).toBe(0);
  });

  it('starts afresh when asked again after the section went (effects run twice in development)', async () => {
    const { files, loads, live } = setup();
    const first = await files.url('r1', 'thumbnail');
    files.dispose();
    expect(live.has(first)).toBe(false);
    const again = await files.url('r1', 'thumbnail');
    expect(again).not.toBe(first);
    expect(live.has(again)).toBe(true);
    expect(loads).toEqual(['r1:thumbnail', 'r1:thumbnail']);
  });

  it('loads a failed file again when asked again', async () => {
    let failures = 1;
    const { files } = setup(async () => {
      if (failures-- > 0) throw new Error('offline');
      return new Blob(['x']);
    });
    await expect(files.url('r1', 'thumbnail')).rejects.toThrow('offline');
    await expect(files.url('r1', 'thumbnail')).resolves.toMatch(/^blob:test\//);
  });
});
