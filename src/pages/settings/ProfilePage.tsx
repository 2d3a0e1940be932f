import { PlaceholderPage } from './PlaceholderPage';

/** settings/profile: the 'Edit Profile' target; the profile form comes with a later issue. */
export const ProfilePage = () => (
  <PlaceholderPage title="app.settings.profile_title" body="app.settings.profile_placeholder" />
);

ProfilePage.path = '/settings/profile';
