import { Box, CircularProgress } from '@mui/material';

/** Shown while an area's code loads: plain MUI, so that it costs the first page nothing. */
export const PageLoading = () => (
  <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '100vh' }}>
    <CircularProgress aria-label="Loading" />
  </Box>
);
