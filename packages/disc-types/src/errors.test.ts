import {
  DiscoveryError,
  InsufficientDataError,
  InvalidAssetTypeError,
  MarketDataError,
  parseAssetType,
  ScoringError,
  DiscoveryValidationError,
} from '@disc/types';

describe('discovery errors', () => {
  it('InvalidAssetTypeError names the supported types (spec section 7)', () => {
    const e = new InvalidAssetTypeError('bond');
    expect(e).toBeInstanceOf(DiscoveryError);
    expect(e.code).toBe('INVALID_ASSET_TYPE');
    expect(e.name).toBe('InvalidAssetTypeError');
    expect(e.message).toBe("Unsupported asset type 'bond'. Supported types: etf, stock, crypto.");
    expect(e.details).toEqual({ supported_types: ['etf', 'stock', 'crypto'], provided_type: 'bond' });
  });

  it('parseAssetType accepts the three types and rejects others', () => {
    expect(parseAssetType('crypto')).toBe('crypto');
    expect(() => parseAssetType('bond')).toThrow(InvalidAssetTypeError);
    expect(() => parseAssetType(undefined)).toThrow(InvalidAssetTypeError);
  });

  it.each([
    [new InsufficientDataError('x'), 'INSUFFICIENT_DATA'],
    [new ScoringError('x'), 'SCORING_ERROR'],
    [new MarketDataError('x'), 'MARKET_DATA_UNAVAILABLE'],
    [new DiscoveryValidationError('x'), 'VALIDATION_ERROR'],
    [new DiscoveryError('DISCOVERY_ERROR', 'x'), 'DISCOVERY_ERROR'],
  ])('%p carries code %s and derives from DiscoveryError', (e, code) => {
    expect(e.code).toBe(code);
    expect(e).toBeInstanceOf(DiscoveryError);
    expect(e).toBeInstanceOf(Error);
  });

  it('keeps the cause', () => {
    const cause = new Error('socket hang up');
    const e = new MarketDataError('provider down', { cause, details: { provider: 'file' } });
    expect(e.cause).toBe(cause);
    expect(e.toJSON()).toEqual({
      code: 'MARKET_DATA_UNAVAILABLE',
      message: 'provider down',
      details: { provider: 'file' },
    });
  });
});
