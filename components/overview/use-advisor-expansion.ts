'use client';

import { useCallback, useRef, useState } from 'react';
import { useCall } from '@/components/ui/call-provider';
import { advisorClientsAction } from '@/lib/actions/overview';
import type { AdvisorClients } from '@/lib/overview/queries';
import { DOCUMENT_GROUP_EXPAND_AFTER_RETURN_MS, TOOLTIP_REFRESH_AFTER_COLLAPSE_MS } from '@/lib/overview/rules';
import type { Later } from './use-later';
import { groupId } from './overview-ids';

type ExpansionOptions = {
  later: Later;
  /** Rows moved or left: the tooltip follows (350 ms after a collapse). */
  refreshTooltips: () => void;
  /** Drops pending file choices except those `keep` names (an upload already running stays). */
  clearChoices: (keep?: (clientHash: string) => boolean) => void;
};

/**
 * Which rows are open: one advisor at a time, with that advisor's households loaded, and the households
 * whose document groups are open. Opening an advisor collapses the others and every document group and
 * clears pending file choices; collapsing resets them too.
 */
export function useAdvisorExpansion({ later, refreshTooltips, clearChoices }: ExpansionOptions) {
  const call = useCall();
  const [openAdvisor, setOpenAdvisor] = useState<string | null>(null);
  const [clients, setClients] = useState<AdvisorClients | null>(null);
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(new Set());

  // The advisor whose rows are wanted: an answer for one opened before (a slow answer to a quick second
  // click) is dropped, not shown under the advisor opened since.
  const wanted = useRef<string | null>(null);
  const loadClients = useCallback(
    async (advisorHash: string) => {
      wanted.current = advisorHash;
      const result = await call(() => advisorClientsAction({ advisor_id: advisorHash }));
      const current = wanted.current === advisorHash;
      if (result.ok && current) setClients(result.data);
      return result.ok && current;
    },
    [call],
  );

  const expandAdvisor = useCallback(
    async (advisorHash: string) => {
      const collapsing = openAdvisor !== null;
      setOpenGroups(new Set());
      clearChoices();
      if (collapsing) later(TOOLTIP_REFRESH_AFTER_COLLAPSE_MS, refreshTooltips);
      if (openAdvisor === advisorHash) {
        wanted.current = null;
        setOpenAdvisor(null);
        setClients(null);
        return false;
      }
      setOpenAdvisor(advisorHash);
      setClients(null);
      return loadClients(advisorHash);
    },
    [openAdvisor, clearChoices, later, refreshTooltips, loadClients],
  );

  const openGroup = (clientHash: string) => setOpenGroups((current) => new Set(current).add(clientHash));

  const toggleGroup = (clientHash: string) => {
    if (!openGroups.has(clientHash)) return openGroup(clientHash);
    setOpenGroups((current) => {
      const next = new Set(current);
      next.delete(clientHash);
      return next;
    });
    clearChoices((key) => key !== clientHash);
    later(TOOLTIP_REFRESH_AFTER_COLLAPSE_MS, refreshTooltips);
  };

  /** Back from client-info: open the advisor, then, about 500 ms after its rows arrive, the client's group. */
  const reopen = useCallback(
    (advisorHash: string, clientHash: string) => {
      setOpenAdvisor(advisorHash);
      void loadClients(advisorHash).then((ok) => {
        if (!ok) return;
        later(DOCUMENT_GROUP_EXPAND_AFTER_RETURN_MS, () => {
          setOpenGroups(new Set([clientHash]));
          document.getElementById(groupId(clientHash))?.scrollIntoView?.({ block: 'nearest' });
        });
      });
    },
    [loadClients, later],
  );

  return { openAdvisor, clients, openGroups, loadClients, expandAdvisor, openGroup, toggleGroup, reopen };
}
