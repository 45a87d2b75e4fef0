import { describeFixtures } from '../../test/support/fixture-suite';

// MT940/MT942 fixtures against their expected records, whole and in tiny chunks. Regenerate on purpose:
//   UPDATE_EXPECTED=1 pnpm run jest packages/stmt-parser/src/mt940/fixtures.test.ts
describeFixtures('mt940', '.sta');
