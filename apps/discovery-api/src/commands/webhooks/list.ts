import { Flags } from '@oclif/core';
import { AdminCommand } from '../../cli/base-command';
import { printTable } from '../../cli/table';

export default class WebhooksList extends AdminCommand {
  static override description =
    'List every webhook, whoever registered it, with its owner token and state (never the secret).';
  static override flags = { json: Flags.boolean({ description: 'Print JSON instead of a table' }) };

  async run(): Promise<void> {
    const { flags } = await this.parse(WebhooksList);
    const hooks = await this.withAdmin((admin) => admin.listWebhooks());
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(hooks, null, 2)}\n`);
      return;
    }
    const rows = hooks.map((h) => [
      h.id,
      h.url,
      h.events.join(','),
      `${h.token_name ?? '?'} (${h.token_id}${h.token_revoked ? ', revoked' : ''})`,
      h.active ? 'active' : `disabled: ${h.disabled_reason ?? 'inactive'}`,
    ]);
    printTable(['ID', 'URL', 'EVENTS', 'OWNER', 'STATE'], rows);
  }
}
