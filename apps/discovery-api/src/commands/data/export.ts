import { AdminCommand } from '../../cli/base-command';

export default class DataExport extends AdminCommand {
  static override description =
    'Print the market-data snapshot in force (the newest loaded one, or the bundled sample) as JSON on stdout.';

  async run(): Promise<void> {
    const snapshot = await this.withAdmin((admin) => admin.exportSnapshot());
    if (snapshot === undefined) this.error('No snapshot is loaded and no bundled sample is available.', { exit: 1 });
    process.stdout.write(`${JSON.stringify(snapshot)}\n`);
  }
}
