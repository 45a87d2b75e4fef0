import { Command } from '@oclif/core';
import { loadConfig, type ApiConfig } from '../config';
import type { AdminOperations } from './admin-operations';
import { openAdmin } from './open-admin';

/** Shared by the `tokens` and `data` commands: reads the environment configuration and
 * reaches the data (directly or through the running server). */
export abstract class AdminCommand extends Command {
  protected config_(): ApiConfig {
    return loadConfig(process.env);
  }

  protected async withAdmin<T>(work: (admin: AdminOperations) => Promise<T>): Promise<T> {
    const admin = await openAdmin(this.config_());
    try {
      return await work(admin);
    } finally {
      await admin.close();
    }
  }
}
