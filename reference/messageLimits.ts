/** Limits of a message (server and web): a subject fits a mail's subject line, a body a letter. */
export const messageLimits = { subject: 200, body: 5000 } as const;
