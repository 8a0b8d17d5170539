import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyChangeEvent } from '../lib/change-events';
import { subscribeToTeamEvents } from '../lib/team-events';

/** Applies every change of the team to the cache while the app is open (see lib/change-events.ts). */
export function useChangeEvents(teamUID: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () => subscribeToTeamEvents(teamUID, (event) => applyChangeEvent(queryClient, teamUID, event)),
    [teamUID, queryClient],
  );
}
