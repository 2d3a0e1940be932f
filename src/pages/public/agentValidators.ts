import type { Validator } from 'react-admin';
import { isNin } from '../../../reference/nin';
import { isNubanShaped, isValidNuban } from '../../../reference/nuban';

/** The server's rules, checked before sending (server/services/agentApplicationInput.ts). */
export const nin: Validator = (value) =>
  !value || isNin(String(value).trim()) ? undefined : 'app.agents.validation.nin';

export const nuban: Validator = (value, values: { bank_code?: string }) => {
  if (!value) return undefined;
  const n = String(value).trim();
  if (!isNubanShaped(n)) return 'app.agents.validation.nuban_length';
  if (values.bank_code && !isValidNuban(values.bank_code, n)) return 'app.agents.validation.nuban';
  return undefined;
};

export const maxPhotoBytes = 5 * 1024 * 1024;

/** A JPEG or PNG of at most 5 MB (react-admin's FileInput value: `{rawFile}`). */
export const photo: Validator = (value) => {
  const file = (value as { rawFile?: File } | undefined)?.rawFile;
  if (!file) return undefined;
  if (!['image/jpeg', 'image/png'].includes(file.type)) return 'app.agents.validation.photo_type';
  if (file.size > maxPhotoBytes) return 'app.agents.validation.photo_size';
  return undefined;
};
