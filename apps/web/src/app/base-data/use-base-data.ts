import { BASE_DATA_POLL, INITIAL_BASE_DATA, advanceBaseData } from '@grouptrack/domain';
import type { BaseDataEvent, BaseDataState } from '@grouptrack/domain';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import type { LoggedUser } from '../signed-in-user';
import { isApiError, requestData } from '../../lib/api-client';
import { selectBaseLists } from './base-lists';
import type { NeededBaseData } from './base-lists';
import { deriveBaseDataEvent, findFailedList } from './base-data-driver';
import type { LoadStatus } from './base-data-driver';

/** A base list that failed after the user loaded, with a way to try again. */
export interface BaseListFailure {
  label: string;
  error: unknown;
  retry: () => void;
  isRetrying: boolean;
}

export interface BaseData {
  state: BaseDataState;
  failure: BaseListFailure | null;
}

interface Machine {
  teamUID: string | null;
  state: BaseDataState;
}

type MachineAction = { type: 'event'; event: BaseDataEvent } | { type: 'team'; teamUID: string };

function isSameState(a: BaseDataState, b: BaseDataState): boolean {
  return a.level === b.level && a.polls === b.polls && a.outcome === b.outcome;
}

function reduceMachine(machine: Machine, action: MachineAction): Machine {
  if (action.type === 'team') {
    if (machine.teamUID === action.teamUID) return machine;
    // The first team is the one being loaded; a switch to another one loads its data again.
    return { teamUID: action.teamUID, state: machine.teamUID === null ? machine.state : INITIAL_BASE_DATA };
  }
  const state = advanceBaseData(machine.state, action.event);
  return isSameState(state, machine.state) ? machine : { ...machine, state };
}

/**
 * Drives SPEC §4's base data (none -> min -> full) for one screen: loads the lists the screen needs,
 * polls every second while nothing has loaded and gives up (signed-out) after BASE_DATA_POLL.tries.
 */
export function useBaseData(me: UseQueryResult<LoggedUser>, needed: NeededBaseData): BaseData {
  const queryClient = useQueryClient();
  const user = me.data;
  const lists = user ? selectBaseLists(user, needed) : [];
  const results = useQueries({
    queries: lists.map((list) => ({
      queryKey: list.queryKey,
      queryFn: ({ signal }: { signal: AbortSignal }) => requestData<unknown>(list.path, { signal }),
      meta: { isErrorShownInline: true },
    })),
  });
  const [machine, dispatch] = useReducer(reduceMachine, { teamUID: null, state: INITIAL_BASE_DATA });

  const teamUID = user?.currentTeam.teamUID ?? null;
  if (teamUID !== null && teamUID !== machine.teamUID) dispatch({ type: 'team', teamUID });

  const snapshot = {
    me: isApiError(me.error, 404) ? ('missing' as const) : me.status,
    lists: lists.map((list, index) => ({
      level: list.level,
      status: (results[index]?.status ?? 'pending') satisfies LoadStatus,
    })),
  };
  const event = deriveBaseDataEvent(snapshot);
  // Adjusting state while rendering (not in an effect) keeps the first paint of a ready screen free of the loader.
  if (event && !isSameState(advanceBaseData(machine.state, event), machine.state)) {
    dispatch({ type: 'event', event });
  }

  const isPolling = machine.state.level === 'none' && machine.state.outcome === 'loading';
  useEffect(() => {
    if (!isPolling) return;
    const timer = window.setInterval(() => {
      dispatch({ type: 'event', event: { type: 'poll' } });
      // A failed first load is tried again at every poll, until the data comes or the polls run out.
      void queryClient.refetchQueries({
        type: 'active',
        predicate: (query) => query.state.status === 'error',
      });
    }, BASE_DATA_POLL.intervalMs);
    return () => window.clearInterval(timer);
  }, [isPolling, queryClient]);

  const failedIndex = findFailedList(snapshot);
  const failedList = lists[failedIndex];
  const failedResult = results[failedIndex];
  const failure =
    failedList && failedResult
      ? {
          label: failedList.label,
          error: failedResult.error,
          retry: () => void failedResult.refetch(),
          isRetrying: failedResult.isFetching,
        }
      : null;
  return { state: machine.state, failure };
}
