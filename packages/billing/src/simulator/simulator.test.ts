import { createMemorySimulatorStore } from './simulator-store';
import { runSimulatorSuite } from './simulator-suite';

runSimulatorSuite('in memory', async () => ({
  store: createMemorySimulatorStore(),
  close: async () => undefined,
}));
