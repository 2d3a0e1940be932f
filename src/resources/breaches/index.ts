import ReportIcon from '@mui/icons-material/Report';
import { guardedViews } from '../../layout/Guarded';
import { BreachCreate } from './BreachCreate';
import { BreachEdit } from './BreachEdit';
import { BreachList } from './BreachList';
import type { Breach } from './types';

/** The `breaches` resource's props (admin area, provider heads: the breach register). */
export default {
  ...guardedViews('breaches', { list: BreachList, create: BreachCreate, edit: BreachEdit }),
  icon: ReportIcon,
  recordRepresentation: (b: Breach) => b.description.slice(0, 40),
};
