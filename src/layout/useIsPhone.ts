import { useMediaQuery, type Theme } from '@mui/material';

/**
 * Below the `sm` breakpoint (600 px): lists show a simple list or cards instead of their table,
 * react-admin's idiom, so that no screen scrolls sideways on a phone.
 */
export const useIsPhone = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
