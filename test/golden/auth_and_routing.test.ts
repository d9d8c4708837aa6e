import { replayGolden } from './harness.js';

replayGolden('auth_and_routing', {});
