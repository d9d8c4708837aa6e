import { expect, it } from 'vitest';
import { CONTRACT_FIXTURE } from './fixture.js';
import { describeEachStore } from './stores.js';

describeEachStore('the contract fixture', (kind) => {
  it('loads into an empty store, and the store answers', async () => {
    const handle = await kind.open();
    try {
      await handle.exec(CONTRACT_FIXTURE);
      await handle.store.ping();
      expect(await handle.store.dataVersion(['origins'])).toMatch(/^t\d+\.$/);
    } finally {
      await handle.close();
    }
  });
});
