import { Create } from 'react-admin';
import { BreachForm, toBreachBody } from './BreachForm';

/** Record a breach; the list shows its 72-hour deadline. */
export const BreachCreate = () => (
  <Create resource="breaches" title="app.breaches.create" redirect="list" transform={toBreachBody}>
    <BreachForm />
  </Create>
);
