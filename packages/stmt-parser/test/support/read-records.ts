import { parseString, type Entry, type ParseIssue, type Statement, type StatementHeader } from '@stmt/parser';

/** What parsing a text gave, by record kind, with every issue (as `validate` collects them). */
export interface Read {
  headers: StatementHeader[];
  entries: Entry[];
  statements: Statement[];
  issues: ParseIssue[];
}

/** Parses `text` (detected by content) as file `fileName`, collecting records and issues. */
export async function readRecords(text: string | Buffer, fileName = 'x.sta'): Promise<Read> {
  const out: Read = { headers: [], entries: [], statements: [], issues: [] };
  for await (const record of parseString(text, { fileName, onIssue: (issue) => out.issues.push(issue) })) {
    if (record.kind === 'statement-start') out.headers.push(record.statement);
    if (record.kind === 'entry') out.entries.push(record.entry);
    if (record.kind === 'statement-end') out.statements.push(record.statement);
  }
  return out;
}
