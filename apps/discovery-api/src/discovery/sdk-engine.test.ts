import { InvestmentDiscoveryCrew } from '@disc/discovery';
import { sdkEngine } from './sdk-engine';

/** The real crew, counting how often it scores a symbol and works criteria out. */
class CountingCrew extends InvestmentDiscoveryCrew {
  scorings = 0;
  criteriaComputed = 0;
  override assess(symbol: string): ReturnType<InvestmentDiscoveryCrew['assess']> {
    this.scorings += 1;
    return super.assess(symbol);
  }
  override criteria(assetType: string): ReturnType<InvestmentDiscoveryCrew['criteria']> {
    this.criteriaComputed += 1;
    return super.criteria(assetType);
  }
}

describe('sdkEngine assess', () => {
  it('scores a symbol of immutable data once per UTC day, answering with the time of each call', async () => {
    let now = new Date('2026-03-02T09:00:00Z');
    const clock = (): Date => now;
    const crew = new CountingCrew({ clock });
    const engine = sdkEngine(crew, { immutableData: true, clock });
    const first = await engine.assess('VTI');
    now = new Date('2026-03-02T15:30:00Z');
    const again = await engine.assess('vti');
    expect(crew.scorings).toBe(1);
    expect(again?.point).toEqual(first?.point);
    expect(again?.monitorResult([]).last_updated).toBe('2026-03-02T15:30:00.000Z');
    now = new Date('2026-03-03T00:00:01Z');
    expect((await engine.assess('VTI'))?.point.date).toBe('2026-03-03');
    expect(crew.scorings).toBe(2);
  });

  it('scores on every call when the data may change (file or live providers)', async () => {
    const crew = new CountingCrew();
    const engine = sdkEngine(crew);
    await engine.assess('VTI');
    await engine.assess('VTI');
    expect(crew.scorings).toBe(2);
  });
});

describe('sdkEngine criteria', () => {
  it('works the criteria of immutable data out once per day and engine, answering with the time of each call', async () => {
    let now = new Date('2026-03-02T09:00:00Z');
    const clock = (): Date => now;
    const crew = new CountingCrew({ clock });
    const engine = sdkEngine(crew, { immutableData: true, clock });
    await engine.criteria('etf');
    now = new Date('2026-03-02T15:30:00Z');
    expect((await engine.criteria('etf')).last_updated).toBe('2026-03-02T15:30:00.000Z');
    expect(crew.criteriaComputed).toBe(1);
    // A loaded snapshot gets a new engine (snapshot-engine-source.ts), and with it a new memo.
    await sdkEngine(crew, { immutableData: true, clock }).criteria('etf');
    expect(crew.criteriaComputed).toBe(2);
  });

  it('works them out on every call when the data may change (file or live providers)', async () => {
    const crew = new CountingCrew();
    const engine = sdkEngine(crew);
    await engine.criteria('etf');
    await engine.criteria('etf');
    expect(crew.criteriaComputed).toBe(2);
  });
});
