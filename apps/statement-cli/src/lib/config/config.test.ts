import { PRESET_NAMES } from '@stmt/export';
import { configFromVariables } from './env-mapping';
import { maskSecrets } from './mask';
import { DEFAULT_CONFIG } from './schema';
import { validatePartialConfig } from './validate';

describe('configFromVariables', () => {
  it('maps variables to keys, coerces booleans and integers, and lets CAMT_LOG_LEVEL win over LOG_LEVEL', () => {
    const { config, origins } = configFromVariables({
      LOG_LEVEL: 'info',
      CAMT_LOG_LEVEL: 'debug',
      CAMT_AI_ENABLED: 'false',
      CAMT_AI_REQUESTS_PER_MINUTE: '30',
      CAMT_CSV_DELIMITER: 'tab',
      UNRELATED: 'x',
    });
    expect(config).toEqual({
      log: { level: 'debug' },
      ai: { enabled: false, requests_per_minute: 30 },
      csv: { delimiter: 'tab' },
    });
    expect(origins.get('log.level')).toBe('CAMT_LOG_LEVEL');
  });

  it('keeps text that is not a boolean as text, so the schema reports the wrong type', () => {
    const { config } = configFromVariables({ CAMT_AI_ENABLED: 'maybe' });
    expect(validatePartialConfig(config, 'environment')).toEqual([
      { key: 'ai.enabled', message: 'must be boolean', source: 'environment' },
    ]);
  });
});

describe('validatePartialConfig', () => {
  it('accepts the defaults', () => {
    expect(validatePartialConfig(DEFAULT_CONFIG, 'defaults')).toEqual([]);
  });

  it('names unknown keys and bad values by their dotted path', () => {
    const problems = validatePartialConfig(
      { log: { level: 'loud', colour: true }, csv: { preset: 'fancy' } },
      'config file x',
    );
    expect(problems.map((p) => `${p.key}: ${p.message}`).sort()).toEqual([
      'log.colour: is not a known configuration key',
      'log.level: must be one of debug, info, warn, error',
    ]);
    expect(validatePartialConfig({ csv: { preset: 'fancy' } }, 'f')).toEqual([
      { key: 'csv.preset', message: `must be one of ${PRESET_NAMES.join(', ')}`, source: 'f' },
    ]);
  });
});

describe('maskSecrets', () => {
  it('hides the API key and leaves the rest', () => {
    const masked = maskSecrets({ ...DEFAULT_CONFIG, ai: { ...DEFAULT_CONFIG.ai, api_key: 'sk-live-123' } });
    expect(masked.ai.api_key).toBe('********');
    expect(masked.ai.model).toBe(DEFAULT_CONFIG.ai.model);
  });
});
