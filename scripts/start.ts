/** `npm start`: build when dist/ is missing or stale, then run the production server (server/main.ts). */
import { ensureBuilt } from './build.ts';
import { main, reportStartFailure, StartError } from '../server/main.ts';

try {
  await ensureBuilt();
} catch (error) {
  reportStartFailure(new StartError(`The build failed, so there is nothing current to serve.\n${error instanceof Error ? error.message : String(error)}`));
}
await main().catch(reportStartFailure);
