import type { UniverseConfig } from './universe';

/**
 * The universe used when no DISCOVERY_UNIVERSE_FILE is given: widely held, liquid
 * instruments whose data the free sources cover well. ETFs name the index they track where
 * Yahoo carries it, so tracking error is measured against the right series.
 */
export const DEFAULT_UNIVERSE: UniverseConfig = Object.freeze({
  etf: [
    { symbol: 'SPY', tracking_index: '^GSPC', ucits_compliant: false },
    { symbol: 'VOO', tracking_index: '^GSPC', ucits_compliant: false },
    { symbol: 'IVV', tracking_index: '^GSPC', ucits_compliant: false },
    { symbol: 'QQQ', tracking_index: '^NDX', ucits_compliant: false },
    { symbol: 'IWM', tracking_index: '^RUT', ucits_compliant: false },
    { symbol: 'DIA', tracking_index: '^DJI', ucits_compliant: false },
    { symbol: 'CSPX.L', tracking_index: '^GSPC', ucits_compliant: true, region: 'US' },
    { symbol: 'VUSA.L', tracking_index: '^GSPC', ucits_compliant: true, region: 'US' },
    { symbol: 'EXS1.DE', tracking_index: '^GDAXI', ucits_compliant: true, region: 'Europe' },
  ],
  stock: [
    'AAPL',
    'MSFT',
    'NVDA',
    'GOOGL',
    'AMZN',
    'META',
    'V',
    'MA',
    'UNH',
    'JNJ',
    'PG',
    'KO',
    'COST',
    'ADBE',
    'ASML',
    'NVO',
    'AVGO',
    'LLY',
  ],
  crypto: [
    // US spot ETFs hold bitcoin (since January 2024) and ether (since July 2024).
    { id: 'bitcoin', institutional_adoption: true, launch_date: '2009-01-03' },
    { id: 'ethereum', institutional_adoption: true, launch_date: '2015-07-30' },
    { id: 'solana', launch_date: '2020-03-16' },
    { id: 'cardano', launch_date: '2017-09-29' },
    { id: 'dogecoin', launch_date: '2013-12-06' },
    { id: 'litecoin', launch_date: '2011-10-07' },
    { id: 'chainlink', launch_date: '2017-09-19' },
    { id: 'polkadot', launch_date: '2020-05-26' },
  ],
});
