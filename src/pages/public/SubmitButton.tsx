import { Button, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The submit button of a public form; disabled, with a spinner, while the call runs. */
export const SubmitButton = ({ label, loading }: { label: string; loading: boolean }) => {
  const translate = useTranslate();
  return (
    <Button
      type="submit"
      variant="contained"
      fullWidth
      size="large"
      disabled={loading}
      startIcon={loading ? <CircularProgress size={18} color="inherit" /> : undefined}
      sx={{ mt: 1 }}
    >
      {translate(label)}
    </Button>
  );
};
