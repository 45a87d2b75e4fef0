import { createLogger, requestLogger } from './logging';

const fields = {
  request_id: 'req_1',
  method: 'GET',
  route: '/v1/discovery/monitor/{symbol}',
  status: 200,
  latency_ms: 1.234,
  token_name: 'ci "team"\u0001',
};
const withoutTime = (line: string): string => line.replace(/"timestamp":"[^"]+"/, '"timestamp":"T"');
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('createLogger and the access-log line', () => {
  it('writes the request line exactly as winston formats it, lines batched per event-loop turn', async () => {
    const writes: string[] = [];
    const logger = createLogger({ output: (text) => writes.push(text) });
    logger.log('info', 'request', fields);
    requestLogger(logger)('info', fields);
    logger.info('listening', { url: 'http://127.0.0.1:3000' });
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toHaveLength(1);
    const [viaWinston, direct, other] = writes[0]!.split('\n');
    expect(withoutTime(direct!)).toBe(withoutTime(viaWinston!));
    expect(JSON.parse(direct!)).toMatchObject({ ...fields, level: 'info', message: 'request' });
    expect(JSON.parse(other!)).toMatchObject({ level: 'info', message: 'listening' });
  });

  it('honours the level, silence and added transports', async () => {
    const writes: string[] = [];
    const warnOnly = createLogger({ level: 'warn', output: (text) => writes.push(text) });
    requestLogger(warnOnly)('info', fields);
    requestLogger(warnOnly)('error', fields);
    requestLogger(createLogger({ silent: true, output: (text) => writes.push(text) }))('error', fields);
    await nextTurn();
    expect(
      writes
        .join('')
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { level: string }).level),
    ).toEqual(['error']);

    const text: string[] = [];
    requestLogger(createLogger({ format: 'text', output: (line) => text.push(line) }))('info', fields);
    await nextTurn();
    expect(text.join('')).toMatch(/ info request request_id=req_1 method=GET /);
  });
});
