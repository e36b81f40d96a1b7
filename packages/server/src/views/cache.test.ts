import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ViewCache } from './cache';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('ViewCache', () => {
  it('gives the remembered bytes again at the same version, without building', async () => {
    const cache = new ViewCache(1024);
    let builds = 0;
    const build = async () => ({ n: ++builds });
    expect(await cache.answer('k', 'v1', build)).toEqual(json({ n: 1 }));
    expect(await cache.answer('k', 'v1', build)).toEqual(json({ n: 1 }));
    expect(builds).toBe(1);
  });

  it('builds afresh at any other version, and keeps only the newest', async () => {
    const cache = new ViewCache(1024);
    let builds = 0;
    const build = async () => ({ n: ++builds });
    await cache.answer('k', 'v1', build);
    expect(await cache.answer('k', 'v2', build)).toEqual(json({ n: 2 }));
    expect(await cache.answer('k', 'v2', build)).toEqual(json({ n: 2 }));
    expect(cache.size.answers).toBe(1);
  });

  it('shares one build between concurrent requests for the same key and version', async () => {
    const cache = new ViewCache(1024);
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((done) => setImmediate(done));
      return { n: builds };
    };
    const answers = await Promise.all([cache.answer('k', 'v', build), cache.answer('k', 'v', build)]);
    expect(answers[0]).toEqual(answers[1]);
    expect(builds).toBe(1);
  });

  it('remembers no error: the next request builds again', async () => {
    const cache = new ViewCache(1024);
    await expect(cache.answer('k', 'v', async () => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect(await cache.answer('k', 'v', async () => ({ ok: true }))).toEqual(json({ ok: true }));
  });

  it('forgets the least recently used answers beyond its size, and keeps no answer over an eighth of it', async () => {
    const cache = new ViewCache(80);
    const tenBytes = async () => 'x'.repeat(8);
    const rebuilt = async (key: string) => {
      let built = false;
      await cache.answer(key, 'v', async () => {
        built = true;
        return 'x'.repeat(8);
      });
      return built;
    };
    await cache.answer('a', 'v', tenBytes);
    await cache.answer('b', 'v', tenBytes);
    await cache.answer('a', 'v', tenBytes); // a is now more recently used than b
    for (const key of ['c', 'd', 'e', 'f', 'g', 'h']) await cache.answer(key, 'v', tenBytes);
    expect(cache.size).toEqual({ answers: 8, bytes: 80 });
    await cache.answer('i', 'v', tenBytes);
    expect(cache.size).toEqual({ answers: 8, bytes: 80 });
    expect(await rebuilt('a')).toBe(false);
    expect(await rebuilt('b')).toBe(true);

    await cache.answer('huge', 'v', async () => 'x'.repeat(9));
    expect(await rebuilt('huge')).toBe(true);
  });

  it('with no room remembers nothing', async () => {
    const cache = new ViewCache(0);
    let builds = 0;
    await cache.answer('k', 'v', async () => ++builds);
    await cache.answer('k', 'v', async () => ++builds);
    expect(builds).toBe(2);
  });

  it('compresses a kept answer once per encoding, counts it in its size, and forgets it with the answer', async () => {
    const cache = new ViewCache(64 * 1024);
    const page = { expenses: Array.from({ length: 50 }, (_, i) => ({ id: i, description: 'Dinner' })) };
    const body = await cache.answer('k', 'v1', async () => page);
    const br = cache.packed('k', 'v1', body, 'br');
    const gzip = cache.packed('k', 'v1', body, 'gzip');
    expect(JSON.parse(brotliDecompressSync(br).toString())).toEqual(page);
    expect(JSON.parse(gunzipSync(gzip).toString())).toEqual(page);
    expect(br.length).toBeLessThan(body.length / 4);
    expect(cache.packed('k', 'v1', body, 'br')).toBe(br);
    expect(cache.size).toEqual({ answers: 1, bytes: body.length + br.length + gzip.length });

    const next = await cache.answer('k', 'v2', async () => ({ ...page, name: 'renamed' }));
    expect(cache.size).toEqual({ answers: 1, bytes: next.length });
    // The old version's body is no longer kept: compressed for this request only.
    const old = cache.packed('k', 'v1', body, 'gzip');
    expect(JSON.parse(gunzipSync(old).toString())).toEqual(page);
    expect(cache.size).toEqual({ answers: 1, bytes: next.length });
  });

  it('compressed forms count towards its size: the least recently used answers make room for them', async () => {
    const text = 'the same words again '.repeat(40);
    const body = await new ViewCache(0).answer('x', 'v', async () => text);
    const packedLength = new ViewCache(0).packed('x', 'v', body, 'gzip').length;
    const cache = new ViewCache(8 * body.length + packedLength);
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    for (const key of keys) await cache.answer(key, 'v', async () => text);
    cache.packed('h', 'v', await cache.answer('h', 'v', async () => text), 'gzip');
    expect(cache.size).toEqual({ answers: 8, bytes: 8 * body.length + packedLength });
    cache.packed('g', 'v', await cache.answer('g', 'v', async () => text), 'gzip');
    expect(cache.size).toEqual({ answers: 7, bytes: 7 * body.length + 2 * packedLength });
    let rebuilt = false;
    await cache.answer('a', 'v', async () => {
      rebuilt = true;
      return text;
    });
    expect(rebuilt).toBe(true);
  });
});
