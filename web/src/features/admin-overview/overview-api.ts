import { overviewSchema } from '@parley/core';
import { consoleGet } from '../../components/console/console-api.ts';

export type OverviewDays = 1 | 7 | 30;

export const fetchOverview = (days: OverviewDays) => consoleGet('overview', overviewSchema, { days });
