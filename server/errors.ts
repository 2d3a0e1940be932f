export interface FieldError {
  field: string;
  msg: string;
}

/** An error whose status and message reach the client as `{message, errors?}` (DESIGN §4). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    /** A machine-readable reason the web app acts on (`two_factor_setup_required`). */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** A validation error for one field, in the shape of a schema failure. */
export const fieldError = (field: string, msg: string) => badRequest(msg, [{ field, msg }]);
