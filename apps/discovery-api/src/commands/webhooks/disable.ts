import { Args } from '@oclif/core';
import { AdminCommand } from '../../cli/base-command';

export default class WebhooksDisable extends AdminCommand {
  static override description =
    'Disable any webhook by its id (from `webhooks list`) and cancel its pending deliveries.';
  static override args = { id: Args.string({ required: true, description: 'Webhook id, e.g. wh_0123abcd…' }) };

  async run(): Promise<void> {
    const { args } = await this.parse(WebhooksDisable);
    if (!(await this.withAdmin((admin) => admin.disableWebhook(args.id))))
      this.error(`No active webhook with id '${args.id}'.`, { exit: 1 });
    process.stderr.write(`Disabled ${args.id}; its pending deliveries are cancelled.\n`);
  }
}
