/** Copies text with the async clipboard API; false when the browser refuses. */
export const copyText = async (text: string) => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};

/** Selects a read-only field's whole text when it gets the focus, ready to copy. */
export const selectAll = (event: React.FocusEvent<HTMLInputElement>) =>
  event.currentTarget.select();
