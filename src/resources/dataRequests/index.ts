import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import { guardedViews } from '../../layout/Guarded';
import { DataRequestPage } from './DataRequestPage';

/** The `data-requests` resource's props (admin area, the provider's heads): one search page. */
export default {
  ...guardedViews('data-requests', { list: DataRequestPage }),
  icon: PrivacyTipIcon,
};
