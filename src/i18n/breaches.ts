/** The texts of Admin → Data breaches and Settings → Signed-in devices (spread into ./en.ts). */
export const breachResources = {
  breaches: {
    name: 'Data breach |||| Data breaches',
    fields: {
      description: 'What happened',
      occurred_at: 'When it happened (if known)',
      found_at: 'When it was found',
      data_affected: 'Data and people affected',
      people_affected: 'People affected (about)',
      who_was_told: 'Who was told',
      ndpc_notified_at: 'NDPC notified at',
      people_notified_at: 'People told at',
      status: 'Status',
      ndpc_deadline: 'NDPC (72 hours)',
    },
  },
};

export const breachTexts = {
  title: 'Data breaches',
  create: 'Record a breach',
  edit: 'Data breach',
  who_help: 'People and companies told about it',
  status: { open: 'Open', closed: 'Closed' },
  notify_by: 'Notify NDPC by %{date} (%{left})',
  in_hours: 'in %{hours} h',
  within_hour: 'within the hour',
  overdue: 'Overdue by %{hours} h',
  overdue_now: 'Overdue',
  notified: 'NDPC notified %{date}',
};

export const sessionTexts = {
  title: 'Signed-in devices',
  this_device: 'This device',
  end: 'Sign out',
  end_label: 'Sign out %{device}',
  end_others: 'Sign out everywhere else',
  ended: 'That device is signed out',
  others_ended: 'Every other device is signed out',
  first_used: 'Signed in %{date}',
  last_used: 'Last used %{date}',
  unknown_address: 'Unknown address',
  signed_in_from: 'signed in from %{ip}',
  load_failed: 'Your devices could not be loaded',
};
