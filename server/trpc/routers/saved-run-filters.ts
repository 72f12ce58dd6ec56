import { savedRunFilters } from '../../db/schema/saved-run-filters.ts';
import { runListFilterSchema } from '../../../lib/run-list.ts';
import { savedFiltersRouter } from './saved-filters.ts';

/** Saved run-list filters (issue 6): exactly list_workflow_runs filters, by name, per user. */
export const savedRunFiltersRouter = savedFiltersRouter(savedRunFilters, runListFilterSchema);
