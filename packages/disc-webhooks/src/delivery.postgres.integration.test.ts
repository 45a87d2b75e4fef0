import { describeWithPostgres } from '@fin/test-utils';
import { openPostgres } from '../test/support/databases';
import { deliverySuite } from '../test/support/delivery-suite';

describeWithPostgres('webhook delivery on PostgreSQL', () => {
  deliverySuite(() => openPostgres());
});
