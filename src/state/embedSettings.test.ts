/** Embedding settings read back from localStorage (embedStore's persist merge): field by field, never a crash. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_EMBED_SETTINGS } from '../embed/types';
import { settingsFrom } from './embedStore';

describe('settingsFrom', () => {
  it('keeps valid fields, gives missing ones their default quietly, and names the invalid ones', () => {
    expect(settingsFrom({ model: 'fixtures/tiny-random-bert', baseUrl: 123 })).toEqual({
      settings: { ...DEFAULT_EMBED_SETTINGS, model: 'fixtures/tiny-random-bert' },
      dropped: ['baseUrl'],
    });
    expect(settingsFrom({ device: 'gpu', dtype: 'fp32' })).toEqual({ settings: { ...DEFAULT_EMBED_SETTINGS, dtype: 'fp32' }, dropped: ['device'] });
    expect(settingsFrom({})).toEqual({ settings: DEFAULT_EMBED_SETTINGS, dropped: [] });
    // A stored base URL that would fetch from another host is dropped like any invalid value.
    for (const baseUrl of ['javascript:alert(1)', '//evil.example/']) expect(settingsFrom({ baseUrl }).dropped).toEqual(['baseUrl']);
    expect(settingsFrom({ baseUrl: '/shared/models/' }).dropped).toEqual([]);
    // A model id is one word, as the link and the panel take it (embed/types.ts isModelId).
    expect(settingsFrom({ model: 'two words' }).dropped).toEqual(['model']);
    expect(settingsFrom({ model: ` ${'m'.repeat(300)} ` }).settings.model).toBe('m'.repeat(300));
  });

  it('reads nothing from a value that is not an object', () => {
    expect(settingsFrom(undefined)).toEqual({ settings: DEFAULT_EMBED_SETTINGS, dropped: [] });
    expect(settingsFrom('junk')).toEqual({ settings: DEFAULT_EMBED_SETTINGS, dropped: ['settings'] });
    expect(settingsFrom(null)).toEqual({ settings: DEFAULT_EMBED_SETTINGS, dropped: ['settings'] });
  });
});
