import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';

/** The product's name, also the default page title of the areas. */
export const appName = 'Verification back-office';

/**
 * Every text of the app, once. Strings quoted by the specification are copied word for word,
 * misspellings included ('Passowrds must match!').
 */
export const en: TranslationMessages = {
  ...englishMessages,
  app: {
    name: appName,
    menu: {
      dashboard: 'Dashboard',
      settings: 'Settings',
    },
    roles: {
      admin: 'Administrator',
      'sub-admin': 'Sub-admin',
      company: 'Company',
      agent: 'Agent',
    },
    auth: {
      fields: {
        first_name: 'First name',
        last_name: 'Last name',
        email: 'Email',
        phone: 'Phone number',
        company_name: 'Company name (optional)',
        password: 'Password',
        confirm_password: 'Confirm password',
        new_password: 'New password',
      },
      login: {
        title: 'Log in',
        submit: 'Log in',
        forgot_password: 'Forgot your password?',
        no_account: 'No account yet? Sign up',
      },
      signup: {
        title: 'Create your account',
        submit: 'Sign up',
        have_account: 'Already have an account? Log in',
        password_hint: 'At least 8 characters',
        phone_hint: 'A Nigerian number, e.g. 0803 123 4567',
      },
      email_sent: {
        title: 'Check your mailbox',
        body: 'We have sent a confirmation link to your email. Open it to confirm your address, then log in.',
        body_with_email:
          'We have sent a confirmation link to %{email}. Open it to confirm your address, then log in.',
        spam_hint: 'Nothing after a few minutes? Look in your spam folder.',
      },
      confirm_email: {
        title: 'Email confirmation',
        pending: 'Confirming your email…',
        done: 'Your email is confirmed. You can now log in.',
        failed: 'We could not confirm your email.',
        missing_token: 'This confirmation link is incomplete. Open the link from the mail again.',
      },
      recover_password: {
        title: 'Recover your password',
        intro: 'Enter the email of your account and we will send you a link to set a new password.',
        submit: 'Send the link',
        sent: 'Check your email: if an account exists for %{email}, we have sent it a link to set a new password.',
      },
      set_password: {
        title: 'Set a new password',
        submit: 'Set password',
        done: 'Your password is set. You can now log in.',
        missing_token:
          'This link is incomplete or has expired. Ask for a new one from the password recovery page.',
      },
      back_to_login: 'Back to log in',
      go_to_login: 'Go to log in',
      privacy_policy: 'Privacy policy',
    },
    validation: {
      passwords_must_match: 'Passowrds must match!',
      phone_nigerian: 'Enter a valid Nigerian phone number',
    },
    dashboard: {
      title: 'Dashboard',
      welcome: 'Welcome, %{name}',
      signed_in_as: 'Signed in as %{role}',
      today: 'Today is %{date}.',
      jobs_title: 'Jobs',
      jobs_placeholder: 'Your job counts will appear here.',
      preferences_title: 'Preferences',
      preferences_body: 'Set the amount and turnaround time (TAT) of each job type.',
    },
    settings: {
      title: 'Settings',
      full_name: 'Full name',
      user_code: 'User code',
      email: 'Email',
      phone: 'Phone',
      company_name: 'Company name',
      change_profile_image: 'change profile image',
      edit_profile: 'Edit Profile',
      set_preferences: 'Set preferences',
      amount: 'Amount',
      tat: 'TAT',
      preferences_body: 'The amount (NGN) and turnaround time (hours) of each job type.',
      profile_title: 'Edit Profile',
      profile_placeholder: 'Editing your profile will be available here soon.',
      set_amount_title: 'Set preferences',
      set_amount_placeholder: 'Setting amounts and TAT will be available here soon.',
    },
    // Spec §8's success toasts, for the features of the next issues.
    notifications: {
      created: 'Successfully created',
      accepted: 'Accepted created',
      rejected: 'Rejected created',
      job_uploaded: 'Job uploaded successful',
      job_approved_or_rejected: 'Job successfully approved or rejected',
      job_assigned: 'Job successfully Assigned',
      tat_created: 'TAT created successful!',
      tat_edited: 'TAT edited successful!',
      profile_edited: 'Profile edited successfully!',
      sub_admin_created: 'Sub Admin Created successfully!',
      sub_admin_status_changed: 'Sub Admin activated/ deactivated successfully!',
    },
    not_found: {
      title: 'Page not found',
      body: 'There is nothing at this address.',
    },
  },
};
