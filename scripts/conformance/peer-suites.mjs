// Conformance against other parsers' own test corpora (../shared/samples/peer-suites): every file
// listed in expected.json is read with the built @stmt/parser exactly as `stmt convert` reads it
// (first error refuses the file; unreconciled balances do not), turned into rows with the `full`
// preset's columns, and compared with what that peer's tests assert. Each difference is classified
// by judgements.json (ours-wrong, strictness, convention, peer-wrong, ambiguous, legit-refusal);
// a difference no judgement covers is `unclassified`. The target: no ours-wrong, no strictness,
// nothing unclassified.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const root = join(import.meta.dirname, '..', '..');
const { parseFile, StatementParseError } = require(join(root, 'packages', 'stmt-parser', 'dist', 'index.js'));
const { entryToRows } = require(join(root, 'packages', 'stmt-export', 'dist', 'index.js'));

/** Classes that count against the target. */
export const FAILING_CLASSES = ['ours-wrong', 'strictness', 'unclassified'];

/** Reads a file as `convert` does: records, and the refusal (code and message) if there is one. */
async function readAsConvert(path, splitBatches) {
  let fatal;
  const statements = [];
  const rows = [];
  try {
    for await (const record of parseFile(path, {
      fileName: path,
      onIssue: (issue) => {
        if (issue.severity === 'error' && issue.code !== 'UNRECONCILED_BALANCE') fatal ??= issue;
      },
    })) {
      if (fatal) break;
      if (record.kind === 'statement-end') statements.push(record.statement);
      if (record.kind === 'entry') for (const row of entryToRows(record.entry, { splitBatches })) rows.push(row);
    }
  } catch (error) {
    if (!(error instanceof StatementParseError)) throw error;
    fatal = { code: error.code, message: error.detail };
  }
  return { refusal: fatal ? `${fatal.code}: ${fatal.message}` : undefined, statements, rows };
}

/** Exact decimal text → BigInt at scale 10, so `5000.0`, `5000` and `5000.00` are equal. */
function units(text) {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(String(text).trim());
  if (!match) return undefined;
  const value = BigInt((match[2] || '0') + (match[3] ?? '').padEnd(10, '0').slice(0, 10));
  return match[1] === '-' ? -value : value;
}

const text = (value) => (value === null || value === undefined ? '' : String(value));

/** Whether our value agrees with the peer's for one field, under the file's comparison options. */
function agrees(field, ours, expected, options) {
  if (field === 'amount' || field === 'original_amount' || field === 'exchange_rate') {
    if (text(expected) === '' || text(ours) === '') return text(expected) === text(ours);
    return units(ours) === units(expected);
  }
  if (field === 'amount_abs') {
    const value = units(ours);
    return value !== undefined && (value < 0n ? -value : value) === units(expected);
  }
  if (field.endsWith('_date') && options.datesPrefix && text(expected) !== '')
    return text(ours).slice(0, 10) === text(expected).slice(0, 10);
  return text(ours) === text(expected);
}

/** Entry fields a peer states and the column of ours that holds them (`amount_abs` is read from `amount`). */
function ourValue(row, field) {
  if (field === 'amount_abs') return row.amount;
  if (field === 'booking_date_prefix') return row.booking_date;
  return row[field];
}

/** Every difference between our reading and one peer's expectation for one file. */
export async function compareFile(samples, path, expected) {
  const read = await readAsConvert(join(samples, 'peer-suites', path), expected.split_batches === true);
  const differences = [];
  const differ = (field, ours, theirs, where) =>
    differences.push({ field, ours: text(ours), expected: text(theirs), where });
  let checked = 0;
  if (expected.expect_error) {
    if (!read.refusal) differ('outcome', 'converted', 'refused', 'file');
    return { differences, checked };
  }
  if (read.refusal) {
    differ('outcome', read.refusal, 'converted', 'file');
    return { differences, checked };
  }
  const options = { datesPrefix: expected.dates_prefix === true };
  const { rows, statements } = read;
  // With match_by_statement the peer lists the entries of some statements only.
  const expectedCount = expected.entry_count ?? (expected.match_by_statement ? undefined : expected.entries?.length);
  if (expectedCount !== undefined && rows.length !== expectedCount)
    differ('entry_count', rows.length, expectedCount, 'file');
  if (expected.min_entries !== undefined && rows.length < expected.min_entries)
    differ('entry_count', rows.length, `>= ${expected.min_entries}`, 'file');
  if (expected.statement_count !== undefined && statements.length !== expected.statement_count)
    differ('statement_count', statements.length, expected.statement_count, 'file');

  const pairs = [];
  (expected.entries ?? []).forEach((entry, i) => pairs.push([i, entry]));
  for (const [i, entry] of Object.entries(expected.entries_at ?? {})) pairs.push([Number(i), entry]);
  const peers = expected.match_by_statement ? groupIndex(rows) : undefined;
  for (const [i, entry] of pairs) {
    const row = peers ? peers(entry.statement_id, countBefore(expected.entries, i, entry.statement_id)) : rows[i];
    if (!row) {
      differ('entry', 'missing', `entry ${i}`, `entry ${i}`);
      continue;
    }
    checked += 1;
    for (const [field, value] of Object.entries(entry)) {
      if (field.startsWith('_')) continue;
      const ours = ourValue(row, field);
      if (field === 'booking_date_prefix') {
        if (!text(ours).startsWith(value)) differ('booking_date', ours, value, `entry ${i}`);
        continue;
      }
      if (ours === undefined && !(field in row)) continue; // a field we do not write at all
      if (!agrees(field, ours, value, options)) differ(field, ours, value, `entry ${i}`);
    }
  }
  (expected.statements ?? []).forEach((statement, i) => {
    const ours = expected.match_by_statement
      ? statements.find((s) => s.statementId === text(statement.statement_id))
      : statements[i];
    compareStatement(ours, statement, `statement ${i}`, differ);
  });
  // `last_balances`: the last balance of each type in the file (what wolph/mt940 keeps).
  const lastBalances = expected.last_balances ?? [];
  if (lastBalances.length > 0)
    compareBalances([...statements.flatMap((s) => s.balances)].reverse(), lastBalances, 'file', differ);
  return { differences, checked };
}

/** With `match_by_statement`: the n-th row of a statement, whatever order the statements come in. */
function groupIndex(rows) {
  const byStatement = new Map();
  for (const row of rows) byStatement.set(row.statement_id, [...(byStatement.get(row.statement_id) ?? []), row]);
  return (statementId, n) => byStatement.get(statementId)?.[n];
}

function countBefore(entries, index, statementId) {
  return (entries ?? []).slice(0, index).filter((entry) => entry.statement_id === statementId).length;
}

function compareStatement(ours, expected, where, differ) {
  if (!ours) return differ('statement', 'missing', 'present', where);
  if (expected.statement_id !== undefined && ours.statementId !== text(expected.statement_id))
    differ('statement_id', ours.statementId, expected.statement_id, where);
  const account = ours.account.iban ?? ours.account.otherId ?? '';
  if (expected.account !== undefined && account !== text(expected.account))
    differ('account', account, expected.account, where);
  if (expected.balances) compareBalances(ours.balances, expected.balances, where, differ);
}

/** How one of our balances differs from an expected one (empty when it agrees). */
function balanceProblems(ours, expected) {
  const signed = `${ours.creditDebit === 'DBIT' && !ours.money.amount.isZero() ? '-' : ''}${ours.money.amount.toString()}`;
  const problems = [];
  if (!new RegExp(`^(${expected.type})$`).test(ours.type)) problems.push(`type ${ours.type}`);
  if (units(signed) !== units(expected.amount)) problems.push(`amount ${signed}`);
  if (expected.currency && ours.money.currency !== expected.currency) problems.push(`currency ${ours.money.currency}`);
  if (expected.date && text(ours.date).slice(0, 10) !== expected.date.slice(0, 10)) problems.push(`date ${ours.date}`);
  return problems;
}

/**
 * Each expected balance must agree with one of ours of its type (a type may list alternatives,
 * `OPBD|PRCD`); a statement may carry several of a type (MT940 `:65:` per day). Without one of
 * that type, the balance at the same position is shown as what we have instead.
 */
function compareBalances(ours, expected, where, differ) {
  expected.forEach((balance, i) => {
    const types = new RegExp(`^(${balance.type})$`);
    const sameType = ours.filter((b) => types.test(b.type));
    if (sameType.some((b) => balanceProblems(b, balance).length === 0)) return;
    const closest = sameType[0] ?? ours[i];
    const field = `balance ${balance.type}`;
    const wanted = `${balance.type} ${balance.amount} ${balance.currency ?? ''} ${balance.date ?? ''}`.trim();
    differ(field, closest ? balanceProblems(closest, balance).join(', ') : 'missing', wanted, where);
  });
}

/** The judgement that covers a difference, if any: path prefix, field pattern, and the value patterns it names. */
export function classify(judgements, path, difference) {
  for (const judgement of judgements) {
    if (!path.startsWith(judgement.path)) continue;
    if (!new RegExp(`^(?:${judgement.field})$`).test(difference.field)) continue;
    if (judgement.got_re !== undefined && !new RegExp(judgement.got_re).test(difference.ours)) continue;
    if (judgement.exp_re !== undefined && !new RegExp(judgement.exp_re).test(difference.expected)) continue;
    if (judgement.ws_only && difference.ours.replace(/\s+/g, '') !== difference.expected.replace(/\s+/g, '')) continue;
    return judgement.class;
  }
  return 'unclassified';
}

/** Runs every listed file; prints one table per peer and the differences that count against the target. Answers whether the target is met. */
export async function runPeerSuites(samples, log = console.log) {
  const dir = join(samples, 'peer-suites');
  if (!existsSync(join(dir, 'expected.json'))) {
    log(`peer-suites: no expected.json under ${dir}; nothing to check`);
    return true;
  }
  const expectations = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8'));
  const judgements = existsSync(join(dir, 'judgements.json'))
    ? JSON.parse(readFileSync(join(dir, 'judgements.json'), 'utf8'))
    : [];
  const peers = new Map();
  const failing = [];
  for (const [path, expected] of Object.entries(expectations)) {
    const peer = expected.peer ?? path.split('/')[0];
    const tally = peers.get(peer) ?? { files: 0, missing: 0, entries: 0, classes: new Map() };
    peers.set(peer, tally);
    if (!existsSync(join(dir, path))) {
      tally.missing += 1;
      continue;
    }
    tally.files += 1;
    const { differences, checked } = await compareFile(samples, path, expected);
    tally.entries += checked;
    for (const difference of differences) {
      const kind = classify(judgements, path, difference);
      tally.classes.set(kind, (tally.classes.get(kind) ?? 0) + 1);
      if (FAILING_CLASSES.includes(kind)) failing.push({ path, kind, ...difference });
    }
  }
  const classes = [
    'ours-wrong',
    'strictness',
    'unclassified',
    'convention',
    'peer-wrong',
    'ambiguous',
    'legit-refusal',
  ];
  for (const [peer, tally] of peers) {
    log(
      `\npeer ${peer}: ${tally.files} file(s)${tally.missing > 0 ? ` (${tally.missing} listed but not present)` : ''}, ${tally.entries} entries checked`,
    );
    log(`  | ${classes.join(' | ')} |`);
    log(`  | ${classes.map((kind) => String(tally.classes.get(kind) ?? 0).padStart(kind.length)).join(' | ')} |`);
  }
  for (const f of failing)
    log(
      `${f.kind.toUpperCase()} ${f.path} ${f.where} ${f.field}: ours ${JSON.stringify(f.ours.slice(0, 200))}, expected ${JSON.stringify(f.expected.slice(0, 200))}`,
    );
  const met = failing.length === 0;
  log(
    `peer-suites: ${met ? 'target met' : `target missed: ${failing.length} difference(s) are ours-wrong, strictness or unclassified`}`,
  );
  return met;
}
