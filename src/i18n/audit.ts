/** The texts of the audit log (spread into ./en.ts). */
export const auditResources = {
  audit: {
    name: 'Audit entry |||| Audit log',
    fields: {
      at: 'When',
      action: 'Action',
      outcome: 'Outcome',
      actor: 'Who',
      actor_name: 'Who',
      company_name: 'Company',
      target: 'On what',
      ip: 'Address',
      detail: 'Detail',
      from: 'From',
      to: 'To',
      q: 'Search',
    },
  },
};

export const auditTexts = {
  title: 'Audit log',
  nobody: 'Nobody signed in',
  gone: 'Account %{id}',
  action_help: 'Exact, or a prefix ending in a dot: job.',
};
