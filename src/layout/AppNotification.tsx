import { Notification } from 'react-admin';

/** Toasts as spec §9 wants them: one at a time (react-admin queues them), closed after 2 s. */
export const AppNotification = () => <Notification autoHideDuration={2000} />;
