import { Flags } from '@oclif/core';
import type { CategoryDecision, CreditDebit } from '@stmt/categorizer';
import { StmtCommand } from '../lib/base-command';
import { CliError } from '../lib/cli-error';
import { loadAiCategorizer } from '../lib/config/ai-categorizer';
import { userDatabaseDir } from '../lib/database';
import { aiFlag, databaseFlag, globalFlags } from '../lib/flags';

function explain(decision: CategoryDecision): string {
  switch (decision.tier) {
    case 'mapping':
      return `exact party mapping "${decision.matched ?? ''}"`;
    case 'rule':
      return `keyword or pattern "${decision.matched ?? ''}"`;
    case 'classifier':
      return 'local classifier trained on your mappings and keywords';
    case 'ai':
      return 'AI service';
    case 'fallback':
      return 'no tier decided';
  }
}

export default class Categorize extends StmtCommand {
  static override summary = 'Show which category one party gets, which tier decided, and with what confidence.';
  static override description =
    'For tuning your database: tries exact mapping (debtors.yaml for debits, creditors.yaml for credits), keyword rules, ' +
    'the local classifier and, when enabled and a key is set, the AI service, in that order. Nothing is saved.';
  static override examples = [
    '<%= config.bin %> categorize --party "REWE Markt GmbH"',
    '<%= config.bin %> categorize --party "ACME GmbH" --credit --text "Gehalt 11/2026" --json',
    '<%= config.bin %> categorize --party "Corner Shop" --database ./my-database',
  ];
  static override baseFlags = globalFlags;
  static override flags = {
    party: Flags.string({ description: 'Counterparty name as it appears on the statement.' }),
    text: Flags.string({ description: 'Remittance information of the row.' }),
    debit: Flags.boolean({ description: 'The row is a debit (money paid; the default).', exclusive: ['credit'] }),
    credit: Flags.boolean({ description: 'The row is a credit (money received).', exclusive: ['debit'] }),
    database: databaseFlag,
    ai: aiFlag,
    json: Flags.boolean({ description: 'Print the decision as JSON.' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Categorize);
    if (!flags.party && !flags.text) throw new CliError('USAGE', 'Give --party and/or --text to categorise.');
    const { config } = await this.setup(flags);
    const creditDebit: CreditDebit = flags.credit ? 'CRDT' : 'DBIT';
    const categorizer = await loadAiCategorizer(
      config,
      this.logger,
      userDatabaseDir(config, flags.database),
      'categorize',
    );
    const decision = await categorizer.categorize({
      creditDebit,
      ...(flags.party ? { party: flags.party } : {}),
      ...(flags.text ? { text: flags.text } : {}),
    });

    if (flags.json) {
      this.log(JSON.stringify({ party: flags.party ?? null, credit_debit: creditDebit, ...decision }, null, 2));
      return;
    }
    this.log(`category:   ${decision.category}`);
    this.log(`tier:       ${decision.tier} (${explain(decision)})`);
    this.log(`confidence: ${decision.confidence.toFixed(2)}`);
  }
}
