import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';

/** A mail the app sent, or kept when no mail server is set up. */
export interface OutboxMail {
  id: string;
  to: string;
  /** A mail, or a text message (which has no subject). */
  channel: 'email' | 'sms';
  subject: string;
  text: string;
  status: string;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface MailOutboxSearch {
  /** Only mail to this address; empty for all. */
  to: string;
  /** How many mails, at most 200. */
  limit: number;
}

export const mailOutboxQueryKey = ['admin', 'mail-outbox'] as const;

/** Lists mail newest first (super permission). */
export function listMailOutbox({ to, limit }: MailOutboxSearch, signal?: AbortSignal): Promise<OutboxMail[]> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (to.trim() !== '') params.set('to', to.trim());
  return requestData(`/api/v1/admin/mail-outbox?${params.toString()}`, { signal });
}

export function useMailOutbox(search: MailOutboxSearch) {
  return useQuery({
    queryKey: [...mailOutboxQueryKey, search],
    queryFn: ({ signal }) => listMailOutbox(search, signal),
    placeholderData: keepPreviousData,
  });
}
