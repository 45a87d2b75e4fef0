import { join } from 'node:path';
import { Config } from '@oclif/core';

describe('discovery-api --help', () => {
  // The command list shows each command's summary, or else the first line of its description:
  // either must be a whole sentence, never a line cut mid-sentence.
  it('lists every command with a summary that is a whole sentence', async () => {
    const config = await Config.load(join(__dirname, '..', '..'));
    const listed = config.commands.map((command) => [
      command.id,
      command.summary ?? command.description?.split('\n')[0] ?? '',
    ]);
    expect(listed.length).toBeGreaterThanOrEqual(7);
    for (const [id, summary] of listed) {
      expect({ id, summary }).toEqual({ id, summary: expect.stringMatching(/^[A-Z][^\n]*[.)]$/) });
    }
  });
});
