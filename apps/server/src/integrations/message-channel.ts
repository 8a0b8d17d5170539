/** One message to one recipient: an email address, or a phone number in E.164 form. */
export interface OutgoingMessage {
  to: string;
  /** A mail's subject; a text message has none and ignores it. */
  subject: string;
  text: string;
}

/**
 * An outside system that delivers messages (SMTP for mail, an SMS provider for text messages). It
 * keeps no people, so it offers a narrower shape than IntegrationAdapter; like an adapter it throws
 * AdapterError, so the outbox can tell a retry from a final failure.
 */
export interface MessageChannel {
  readonly channel: 'email' | 'sms';
  send(message: OutgoingMessage): Promise<void>;
  /** Resolves when the settings reach the system and its credentials are accepted. */
  testConnection(): Promise<void>;
}
