import { apiJson } from '../../httpClient/httpClient';

/** The message calls that are not CRUD, spread on the dataProvider. */
export const messagesApi = {
  /** `GET /messages/unread-count`: the menu badge. */
  async unreadMessageCount(): Promise<number> {
    return (await apiJson<{ count: number }>('/messages/unread-count')).count;
  },
};
