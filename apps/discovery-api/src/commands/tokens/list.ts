import { Flags } from '@oclif/core';
import { AdminCommand } from '../../cli/base-command';

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
    const rows = tokens.map((t) => [t.id, t.name, t.scopes.join(','), t.created_at, t.revoked_at === null ? 'active' : `revoked ${t.revoked_at}`, t.last_used_at ?? '-']);
    const header = ['ID', 'NAME', 'SCOPES', 'CREATED', 'STATUS', 'LAST USED'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    for (const row of [header, ...rows]) process.stdout.write(`${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()}\n`);
  }
}
