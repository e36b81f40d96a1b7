import type { GoalId } from './goals';

/**
 * What bounds a goal the last real run missed, in a sentence or two from a CPU profile
 * (`BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'`) or EXPLAIN (ANALYZE, BUFFERS), with
 * the measured figure. The report prints it next to the goal while the goal is missed; delete the
 * entry once a run meets the goal.
 */
export const BOUNDS: Partial<Record<GoalId, string>> = {};
