import HistoryIcon from '@mui/icons-material/History';
import { guardedViews } from '../../layout/Guarded';
import { AuditList } from './AuditList';
import type { AuditEntry } from './types';

/** The `audit` resource's props: `<Resource name="audit" {...audit} />` in both areas. */
export default {
  ...guardedViews('audit', { list: AuditList }),
  icon: HistoryIcon,
  recordRepresentation: (e: AuditEntry) => `${e.action} ${e.at}`,
};
