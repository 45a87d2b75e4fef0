import { Flags } from '@oclif/core';
import { AdminCommand } from '../../cli/base-command';
import { parseScopes } from '../../store/tokens';

export default class TokensCreate extends AdminCommand {
  static override description =
    'Create an API token. Prints only the token on stdout (shown once; only its hash is stored).';
  static override examples = ['<%= config.bin %> tokens create --name ci --scopes discovery,webhooks'];
  static override flags = {
    name: Flags.string({ required: true, description: 'A name that says who uses the token (shown in logs)' }),
    scopes: Flags.string({ default: 'discovery', description: 'Comma-separated: discovery, webhooks' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(TokensCreate);
    let scopes;
    try {
      scopes = parseScopes(flags.scopes);
    } catch (error) {
      this.error((error as Error).message, { exit: 2 });
    }
    const created = await this.withAdmin((admin) => admin.createToken(flags.name, scopes));
    process.stderr.write(
      `Created token ${created.record.id} '${created.record.name}' with scopes ${created.record.scopes.join(', ')}.\n`,
    );
    process.stdout.write(`${created.token}\n`);
  }
}
