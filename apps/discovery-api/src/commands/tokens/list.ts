import { Flags } from '@oclif/core';
import { AdminCommand } from '../../cli/base-command';
import { printTable } from '../../cli/table';

export default class TokensList extends AdminCommand {
  static override description = 'List API tokens (never the tokens themselves).';
  static override flags = { json: Flags.boolean({ description: 'Print JSON instead of a table' }) };

  async run(): Promise<void> {
    const { flags } = await this.parse(TokensList);
    const tokens = await this.withAdmin((admin) => admin.listTokens());
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(tokens, null, 2)}\n`);
      return;
    }
    const rows = tokens.map((t) => [
      t.id,
      t.name,
      t.scopes.join(','),
      t.created_at,
      t.revoked_at === null ? 'active' : `revoked ${t.revoked_at}`,
      t.last_used_at ?? '-',
    ]);
    printTable(['ID', 'NAME', 'SCOPES', 'CREATED', 'STATUS', 'LAST USED'], rows);
  }
}
