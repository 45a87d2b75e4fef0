// Pasted holdings: one per line, "symbol, shares, value[, cost basis]" (comma, tab or
// semicolon). A header line is skipped; a bad line is reported with its line number.
export interface Holding {
  symbol: string;
  shares: number;
  current_value: number;
  cost_basis?: number;
}

export interface ParsedHoldings {
  holdings: Holding[];
  errors: string[];
}

export function parseHoldings(text: string): ParsedHoldings {
  const holdings: Holding[] = [];
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const cells = line.split(/[,;\t]/).map((c) => c.trim());
    const [symbol = '', shares = '', value = '', basis = ''] = cells;
    if (index === 0 && Number.isNaN(Number(shares))) return; // header
    const numbers = [Number(shares), Number(value)];
    if (symbol === '' || shares === '' || value === '' || numbers.some((n) => !Number.isFinite(n) || n < 0)) {
      errors.push(
        `Line ${index + 1}: expected "symbol, shares, value[, cost basis]" with non-negative numbers, got "${line}".`,
      );
      return;
    }
    const holding: Holding = {
      symbol: symbol.toUpperCase(),
      shares: numbers[0] as number,
      current_value: numbers[1] as number,
    };
    if (basis !== '') {
      const cost = Number(basis);
      if (!Number.isFinite(cost) || cost < 0) {
        errors.push(`Line ${index + 1}, column 4: cost basis "${basis}" is not a non-negative number.`);
        return;
      }
      holding.cost_basis = cost;
    }
    holdings.push(holding);
  });
  return { holdings, errors };
}

export interface Discovery {
  symbol: string;
  recommended_allocation: number;
  replacement_for?: string | null;
}

/** "symbol, allocation %[, replaces]" per line. */
export function parseDiscoveries(text: string): ParsedHoldings & { discoveries: Discovery[] } {
  const discoveries: Discovery[] = [];
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const [symbol = '', percent = '', replaces = ''] = line.split(/[,;\t]/).map((c) => c.trim());
    const share = Number(percent);
    if (symbol === '' || !Number.isFinite(share) || share < 0 || share > 100) {
      errors.push(`Discoveries line ${index + 1}: expected "symbol, allocation %[, replaces]", got "${line}".`);
      return;
    }
    discoveries.push({
      symbol: symbol.toUpperCase(),
      recommended_allocation: share / 100,
      ...(replaces === '' ? {} : { replacement_for: replaces.toUpperCase() }),
    });
  });
  return { holdings: [], discoveries, errors };
}
