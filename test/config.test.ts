import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('BOT_CORES', () => {
  it('is the machine’s cores unless set', () => {
    expect(loadConfig({}).cores).toBe(availableParallelism());
    expect(loadConfig({ BOT_CORES: '3' }).cores).toBe(3);
  });

  it('refuses what is not a number of cores', () => {
    expect(() => loadConfig({ BOT_CORES: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ BOT_CORES: 'two' })).toThrow(/BOT_CORES must be a number >= 1 \(got "two"\)/);
  });
});
