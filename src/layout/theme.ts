import { grey } from '@mui/material/colors';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { en } from '../i18n/en';
import { NamedSelectionRow } from './NamedSelectionRow';

/**
 * The colours of react-admin's default theme, darkened until every text reaches 4.5:1 (WCAG AA)
 * on the backgrounds it sits on: white, the page (#fafafb) and the form toolbar (grey 100).
 * Ratios on white / on the page:
 * - primary #1565c0 (was #1976d2, 4.60 / 4.41): 5.75 / 5.51, white on it 5.75
 * - secondary, the app bar, #0d47a1 (was #2196f3, white on it 3.12): white on it 8.63
 * - warning #b45309 (was #ed6c02, 3.11): 5.02 / 4.81
 * - info #01579b (was #0288d1, 3.85): 7.40 / 7.09
 * - error #c62828 (was #d32f2f, 4.98): 5.62 / 5.39
 * - success #2e7d32 (unchanged): 5.13 / 4.92
 * The colours of job statuses are in resources/jobs/statusColors.ts.
 */
export const palette = {
  primary: { main: '#1565c0', contrastText: '#fff' },
  secondary: { main: '#0d47a1', contrastText: '#fff' },
  warning: { main: '#b45309', contrastText: '#fff' },
  info: { main: '#01579b', contrastText: '#fff' },
  error: { main: '#c62828', contrastText: '#fff' },
  success: { main: '#2e7d32', contrastText: '#fff' },
} as const;

/** A ring of the primary colour around what has the keyboard's focus; white on the app bar. */
const focusRing = {
  outline: `2px solid ${palette.primary.main}`,
  outlineOffset: 2,
};

const accessibleOptions: RaThemeOptions = {
  palette,
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        'a:focus-visible, button:focus-visible, [role="button"]:focus-visible, [tabindex]:focus-visible':
          focusRing,
      },
    },
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiAppBar: {
      styleOverrides: {
        root: { '& .Mui-focusVisible, & :focus-visible': { outlineColor: '#fff' } },
      },
    },
    // MUI puts a checkbox's aria-label on the span around the input, where it names nothing:
    // on the input it names the checkbox (react-admin's row checkboxes pass one).
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: () => ({ 'aria-label': undefined }),
          input: (ownerState: { 'aria-label'?: string }) => ({
            'aria-label': ownerState['aria-label'],
          }),
        },
      },
    },
    // A spinner says what it is to a screen reader.
    MuiCircularProgress: {
      defaultProps: { 'aria-label': (en.ra as { page: { loading: string } }).page.loading },
    },
    // Initials on the default grey (#bdbdbd) read 1.8:1; on grey 700, 6.19:1.
    MuiAvatar: {
      styleOverrides: { colorDefault: { backgroundColor: grey[700], color: '#fff' } },
    },
    // A hint under a field that cannot be used yet says why: it stays readable.
    MuiFormHelperText: {
      styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } },
    },
    // Text buttons on form toolbars (react-admin's default grey 300 left primary at 4.35:1).
    RaToolbar: {
      styleOverrides: { root: { backgroundColor: grey[100] } },
    },
    // Row checkboxes named after their row: "Select JOB-000072".
    RaDataTableBody: {
      defaultProps: { row: NamedSelectionRow },
    },
  },
};

/** The theme of both areas and the public pages: react-admin's default with the above. */
export const theme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, ...accessibleOptions.palette },
  components: { ...defaultLightTheme.components, ...accessibleOptions.components },
};
