import { describeFixtures } from '../../test/support/fixture-suite';

// bank-CSV fixtures against their expected records, whole and in tiny chunks. Regenerate on purpose:
//   UPDATE_EXPECTED=1 pnpm run jest packages/stmt-parser/src/csv/fixtures.test.ts
describeFixtures('csv', '.csv');
