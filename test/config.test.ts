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

describe('the live board', () => {
  it('is off unless both ACTIVITY_PORT and CLIENT_SECRET are set', () => {
    expect(loadConfig({}).activity).toBeNull();
    expect(loadConfig({ ACTIVITY_PORT: '8080', CLIENT_SECRET: 's3cret' }).activity).toEqual({
      port: 8080,
      clientSecret: 's3cret',
    });
  });

  it('refuses one without the other, or a port that is none', () => {
    expect(() => loadConfig({ ACTIVITY_PORT: '8080' })).toThrow(/both ACTIVITY_PORT and CLIENT_SECRET/);
    expect(() => loadConfig({ CLIENT_SECRET: 'x' })).toThrow(ConfigError);
    expect(() => loadConfig({ ACTIVITY_PORT: 'http', CLIENT_SECRET: 'x' })).toThrow(/ACTIVITY_PORT must be a port/);
  });
});
