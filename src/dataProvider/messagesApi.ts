import { apiUrl, httpClient } from '../httpClient/httpClient';

/** The message calls that are not CRUD, spread on the dataProvider. */
export const messagesApi = {
  /** `GET /messages/unread-count`: the menu badge. */
  async unreadMessageCount(): Promise<number> {
    const { json } = await httpClient(`${apiUrl}/messages/unread-count`);
    return (json as { count: number }).count;
  },
};
