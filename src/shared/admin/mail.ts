// Instellingen › Postvak: how the server sends mail and what the SMTP server inside the app received.
// Shared by the endpoints and the page.

export type MailMode = "smtp" | "inbox" | "off";

export interface MailStatus {
  mode: MailMode;
  /** The sender every mail carries (MAIL_FROM). */
  from: string;
}

export interface MailMessageSummary {
  id: number;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
}

export interface MailMessageDetail extends MailMessageSummary {
  text: string | null;
  html: string | null;
  messageId: string | null;
}
