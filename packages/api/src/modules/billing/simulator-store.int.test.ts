import { runSimulatorSuite } from '@bof/billing/simulator-suite';
import { createTestDatabase } from '@bof/db/testing';
import { createDrizzleSimulatorStore } from './simulator-store.drizzle';

runSimulatorSuite('in the database', async () => {
  const database = await createTestDatabase();
  return { store: createDrizzleSimulatorStore(database.db), close: () => database.close() };
});
