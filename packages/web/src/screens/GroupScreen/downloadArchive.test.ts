import { describe, expect, it } from 'vitest';
import { archiveFileName } from './downloadArchive';

describe('archiveFileName', () => {
  it('is the group name followed by -kitty.json, accents and spaces kept', () => {
    expect(archiveFileName('Trip to Česká Lípa')).toBe('Trip to Česká Lípa-kitty.json');
  });

  it('replaces what a file name cannot hold, and never leaves the name empty', () => {
    expect(archiveFileName('Lisbon/Porto: "2026"?')).toBe('Lisbon_Porto_ _2026__-kitty.json');
    expect(archiveFileName('  ')).toBe('group-kitty.json');
  });
});
