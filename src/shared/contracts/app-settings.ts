export interface AppSettings {
  /** HUB_PASSWORD; null means the password line reads 'Password: ask your account manager'. */
  hubPassword: string | null;
  mailTransport: 'outbox' | 'smtp' | 'gmail';
  isGoogleEnabled: boolean;
}
