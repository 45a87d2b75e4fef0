import { describeWithPostgres, openPostgres } from '../test/support/databases';
import { deliverySuite } from '../test/support/delivery-suite';

describeWithPostgres('webhook delivery on PostgreSQL', () => {
  deliverySuite(() => openPostgres());
});
