import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Args } from '@oclif/core';
import { AdminCommand } from '../../cli/base-command';

export default class DataLoad extends AdminCommand {
  static override description =
    'Load a market-data snapshot (the documented snapshot format). It replaces the data in force; running servers pick it up, and the monitored symbols are re-scored at once (grade changes emit webhook events).';
  static override args = { file: Args.string({ required: true, description: 'Snapshot JSON file' }) };

  async run(): Promise<void> {
    const { args } = await this.parse(DataLoad);
    let content: unknown;
    try {
      content = JSON.parse(await readFile(args.file, 'utf8'));
    } catch (error) {
      this.error(`Cannot read ${args.file} as JSON: ${(error as Error).message}`, { exit: 2 });
    }
    const info = await this.withAdmin((admin) => admin.loadSnapshot(basename(args.file), content));
    process.stderr.write(`Loaded ${args.file} as snapshot ${info.id} at ${info.loaded_at}.\n`);
    const { refresh } = info;
    if (refresh !== undefined) {
      process.stderr.write(
        `Re-scored ${refresh.scored} of ${count(refresh.monitored, 'monitored symbol')}: ${count(refresh.grade_changes, 'grade change')}, ${count(refresh.deliveries, 'webhook delivery', 'webhook deliveries')} queued.\n`,
      );
    }
  }
}

/** `1 grade change`, `2 grade changes`. */
function count(n: number, word: string, plural = `${word}s`): string {
  return `${n} ${n === 1 ? word : plural}`;
}
