/**
 * The email address rule of the API's `email` format (ajv-formats' full pattern, which the
 * validator registers from here), the job fields, the agent application, the command line and the
 * web forms: a dot-separated local part of the usual characters, `@`, and a domain of labels with
 * at least one dot.
 */
export const emailPattern =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export const isEmailAddress = (value: string) => emailPattern.test(value);
