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
});
