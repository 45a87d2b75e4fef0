import { join } from 'node:path';
import { Config } from '@oclif/core';
import { describeCommandSnapshot } from '@fin/test-utils';

describeCommandSnapshot('stmt', join(__dirname, '..'), Config, 'pnpm -F @stmt/cli snapshot:commands');
