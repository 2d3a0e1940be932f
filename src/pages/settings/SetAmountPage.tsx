import { PlaceholderPage } from './PlaceholderPage';

/** settings/set-amount: the 'Set preferences' target; the TAT form comes with a later issue. */
export const SetAmountPage = () => (
  <PlaceholderPage
    title="app.settings.set_amount_title"
    body="app.settings.set_amount_placeholder"
  />
);

SetAmountPage.path = '/settings/set-amount';
