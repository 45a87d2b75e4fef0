import { Args } from '@oclif/core';
import { AdminCommand } from '../../cli/base-command';

export default class TokensRevoke extends AdminCommand {
  static override description = 'Revoke an API token by its id (from `tokens list`). Takes effect at once.';
  static override args = { id: Args.string({ required: true, description: 'Token id, e.g. tok_0123abcd…' }) };

  async run(): Promise<void> {
    const { args } = await this.parse(TokensRevoke);
    const revoked = await this.withAdmin((admin) => admin.revokeToken(args.id));
    if (!revoked) this.error(`No active token with id '${args.id}'.`, { exit: 1 });
    process.stderr.write(`Revoked ${args.id}.\n`);
  }
}
