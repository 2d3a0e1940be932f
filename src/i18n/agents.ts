/** The texts of the agent screens and the application form (spread into ./en.ts). */
const personFields = {
  code: 'Code',
  full_name: 'Name',
  last_name: 'Name',
  email: 'Email',
  phone: 'Phone number',
  state: 'State',
  lgas: 'LGAs covered',
  nin: 'NIN',
  bank_name: 'Bank',
  account_number: 'Account number',
  account_name: 'Account name',
  status: 'Status',
  created_at: 'Applied',
  q: 'Search',
};

export const agentResources = {
  'agent-applications': {
    name: 'Agent application |||| Agent applications',
    fields: { ...personFields, decided_at: 'Decided', duplicates: 'Duplicate' },
  },
  agents: {
    name: 'Agent |||| Agents',
    fields: {
      ...personFields,
      created_at: 'Approved',
      jobs_total: 'Jobs',
      average_rating: 'Rating',
    },
  },
};

export const agentMenu = {
  agents: 'Agent management',
  agent_applications: 'Agent applications',
};

export const agentTexts = {
  applications_title: 'Agent applications',
  application_title: 'Agent application',
  agents_title: 'Agent management',
  agent_title: 'Agent',
  all_statuses: 'All',
  statuses: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' },
  approve: 'Approve',
  reject: 'Reject',
  duplicate: 'Possible duplicate',
  duplicate_warning:
    'Another pending or approved application has the same %{fields}. One person can be ' +
    'approved only once: compare them before approving, and reject the duplicate.',
  duplicate_fields: { email: 'email', phone: 'phone number', nin: 'NIN' },
  active: 'Active',
  unactive: 'Unactive',
  activate: 'Activate',
  deactivate: 'Deactivate',
  deactivate_title: 'Deactivate %{name}?',
  deactivate_content:
    'Their capture links stop working at once and their open jobs come back to you to assign again; each job’s owner is told. Submitted work can still be approved and their earnings paid out.',
  activated: 'Agent activated',
  deactivated: 'Agent deactivated',
  recent_jobs: 'Jobs',
  no_jobs: 'No jobs assigned yet.',
  no_ratings: 'No ratings yet',
  rating_of: 'Rated %{rating} out of 5',
  apply: {
    link: 'Become a field agent',
    title: 'Become a field agent',
    intro:
      'Field agents visit addresses and businesses near them and take the verification photos with their phone. Tell us where you work and where to pay you.',
    photo: 'Your photo (JPEG or PNG, at most 5 MB)',
    choose_photo: 'Choose a photo',
    bank: 'Bank',
    state: 'State you work in',
    lgas: 'LGAs you cover',
    nin: 'NIN (11 digits)',
    account_number: 'Account number (NUBAN, 10 digits)',
    account_name: 'Account name',
    submit: 'Send application',
    done_title: 'Application received',
    done_body:
      'Thank you. Your application %{code} is waiting for review; we will email %{email} when it has been decided.',
  },
  validation: {
    nin: 'A NIN has 11 digits',
    nuban_length: 'An account number (NUBAN) has 10 digits',
    nuban: 'This is not a valid account number at this bank',
    photo_type: 'The photo must be a JPEG or PNG image',
    photo_size: 'The photo must be at most 5 MB',
  },
};
