import { AreaAdmin, createAreaConfig } from './AreaAdmin';

const admin = createAreaConfig('admin');

/** /admin/*: the provider's admins and sub-admins. Loaded on demand (App.tsx). */
export default function AdminArea() {
  return <AreaAdmin {...admin} />;
}
