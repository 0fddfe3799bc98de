import { queryOptions } from "@tanstack/react-query";
import type {
  MailMessageDetail,
  MailMessageSummary,
  MailStatus,
  WeeklyMailOverview,
  WeeklyRecipient,
  WeeklyRecipientInput,
} from "../../../../shared/admin/mail.ts";
import { apiFetch } from "../../../lib/http.ts";
import { ADMIN_KEY } from "../api/admin-api.ts";

// Instellingen › Postvak: how mail leaves the server, the Monday e-mail's recipients, and what the SMTP
// server inside the app received. Keys under ADMIN_KEY, so a change refreshes the screen.

const get = <T>(path: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, path],
    queryFn: ({ signal }) => apiFetch<T>(`/api/admin${path}`, { signal }),
    staleTime: 0,
  });

export const mailStatusQuery = get<MailStatus>("/mail/status");
export const weeklyMailQuery = get<WeeklyMailOverview>("/weekly-mail");
export const inboxQuery = get<MailMessageSummary[]>("/mail/messages");
export const messageQuery = (id: number) => get<MailMessageDetail>(`/mail/messages/${id}`);

export const addRecipient = (body: WeeklyRecipientInput) =>
  apiFetch<WeeklyRecipient>("/api/admin/weekly-mail/recipients", { method: "POST", body });

export const removeRecipient = (id: number) =>
  apiFetch<void>(`/api/admin/weekly-mail/recipients/${id}`, { method: "DELETE" });

export const sendPreview = (recipientId?: number) =>
  apiFetch<{ to: string; subject: string }>("/api/admin/weekly-mail/preview", {
    method: "POST",
    body: recipientId === undefined ? {} : { recipientId },
  });
