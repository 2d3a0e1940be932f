import { AreaAdmin, createAreaConfig } from './AreaAdmin';

const company = createAreaConfig('company');

/** /company/*: client companies and their sub-users. Loaded on demand (App.tsx). */
export default function CompanyArea() {
  return <AreaAdmin {...company} />;
}
