import { PassThrough } from 'node:stream';
import { createLogger } from './logger';

// Hostile-input sweep: an OFX end tag holding `ESC ]0;PWNED BEL ESC [2J` was quoted in the error
// as written, which retitled and cleared the terminal it was reported on.
describe('text log lines', () => {
  it('show control characters from the input as escapes, in the message and in fields', async () => {
    const stream = new PassThrough();
    let written = '';
    stream.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const logger = createLogger({ level: 'warn', format: 'text', stream });
    logger.error('unexpected end tag </STMTTRNRS\u001b]0;PWNED\u0007\u001b[2J>', { name: 'A\u001b[31mB' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toContain('</STMTTRNRS\\u001b]0;PWNED\\u0007\\u001b[2J>');
    expect(written).toContain('A\\u001b[31mB');
    // eslint-disable-next-line no-control-regex -- no control character but the line end may be written
    expect(written).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });
});
