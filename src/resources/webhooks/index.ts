import WebhookIcon from '@mui/icons-material/Webhook';
import { guardedViews } from '../../layout/Guarded';
import { WebhookCreate } from './WebhookCreate';
import { WebhookList } from './WebhookList';
import { WebhookShow } from './WebhookShow';
import type { Webhook } from './types';

/** The `webhooks` resource's props (company area, Settings → Webhooks). */
export default {
  ...guardedViews('webhooks', { list: WebhookList, create: WebhookCreate, show: WebhookShow }),
  icon: WebhookIcon,
  recordRepresentation: (w: Webhook) => w.url,
};
