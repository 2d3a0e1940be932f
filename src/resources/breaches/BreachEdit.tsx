import { Edit } from 'react-admin';
import { BreachForm, toBreachBody } from './BreachForm';

/** Correct or complete an entry: when the NDPC and the people were told, its status. */
export const BreachEdit = () => (
  <Edit
    resource="breaches"
    title="app.breaches.edit"
    mutationMode="pessimistic"
    redirect="list"
    transform={toBreachBody}
  >
    <BreachForm />
  </Edit>
);
