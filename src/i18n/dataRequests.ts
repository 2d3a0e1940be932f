/** The texts of Data requests (admin area), spread into ./en.ts. */
export const dataRequestTexts = {
  title: 'Data requests',
  explanation:
    'Find what we hold about a person who asked (NDPA): give their full phone number, email address or NIN. Download it for them, or erase it.',
  phone: 'Phone number',
  email: 'Email address',
  nin: 'NIN',
  search: 'Search',
  need_key: 'Give a phone number, an email address or a NIN',
  search_failed: 'The search failed: check the keys and try again.',
  nothing_found: 'Nothing is held under these keys.',
  jobs: 'Verification jobs (%{smart_count})',
  applications: 'Agent applications (%{smart_count})',
  accounts: 'Accounts (%{smart_count})',
  messages: 'Messages (%{smart_count})',
  messages_hint: 'Sent to or by the accounts found; the export lists them.',
  evidence: '%{photos} photos, %{attachments} attachments',
  with_location: 'GPS',
  in_progress: 'in progress: not erased until it closes',
  download_json: 'Download JSON',
  download_pdf: 'Download PDF',
  erase: 'Erase…',
  erase_title: "Erase this person's personal data?",
  erase_confirm: 'Erase',
  erase_takes: 'This erases, and cannot be undone:',
  erase_jobs:
    "the personal data of %{smart_count} closed job (subject's name, phone, email, ID number, address, photos, GPS, attachments, comments) |||| the personal data of %{smart_count} closed jobs (subjects' names, phones, emails, ID numbers, addresses, photos, GPS, attachments, comments)",
  erase_applications: '%{smart_count} agent application |||| %{smart_count} agent applications',
  erase_accounts:
    '%{smart_count} account, renamed "Erased user" and signed out |||| %{smart_count} accounts, renamed "Erased user" and signed out',
  erase_messages: 'the words of %{smart_count} message |||| the words of %{smart_count} messages',
  erase_keeps: 'This stays:',
  keep_open:
    '%{smart_count} job in progress, erased once it closes |||| %{smart_count} jobs in progress, erased once they close',
  keep_records:
    'job codes, statuses, dates, places (state, LGA), prices, ledger amounts, payouts and the audit log',
  erased:
    'Erased: %{jobs} jobs, %{applications} applications, %{accounts} accounts; %{kept} jobs in progress kept',
};
