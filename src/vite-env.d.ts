/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The data protection officer's address shown on /privacy-policy (optional). */
  readonly VITE_PRIVACY_CONTACT_EMAIL?: string;
}
