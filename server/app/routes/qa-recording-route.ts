import { currentUser } from '../current-user.ts';
import { config, database } from '../services.ts';
import { qaRecordingRoutes } from './qa-recording.ts';

/** The recording routes of this process, from the composition root's services (apart, so the routes' tests need no server-only modules). */
export const qaRecordingRoute = qaRecordingRoutes({ currentUser, database, config });
